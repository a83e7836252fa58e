/**
 * One spelling of the words the portal uses most: the tone mark on the "a" of "oa" ("hoá đơn",
 * "khoá", as "xoá" and the specification write them), never "hóa đơn" on one page and "hoá đơn"
 * on the next. Checked in every message (our react-admin translation included) and in the
 * sandbox's own sources, whose pages and mails a reader sees too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { MessageTree } from './interpolate';
import { vi } from './vi';

/** The other placement of the tone mark, which this portal does not use. */
const OTHER_SPELLING = /\b(?:[Hh]óa đơn|[Kk]hóa)/u;

function texts(tree: MessageTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path);
  });
}

describe('Vietnamese spelling', () => {
  it('writes "hoá đơn" and "khoá" in every message, never "hóa đơn" or "khóa"', () => {
    const offending = texts(vi).filter(([, text]) => OTHER_SPELLING.test(text));
    expect(offending).toEqual([]);
  });

  it('is the same in the sandbox’s pages and mails', () => {
    const serverDir = resolve(__dirname, '../../server');
    const sources = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file),
    );
    const offending = sources.filter((file) =>
      OTHER_SPELLING.test(readFileSync(join(serverDir, file), 'utf8')),
    );
    expect(offending).toEqual([]);
  });

  it('would catch the other spelling', () => {
    expect(OTHER_SPELLING.test('Thông tin xuất hóa đơn')).toBe(true);
    expect(OTHER_SPELLING.test('Hóa đơn #12')).toBe(true);
    expect(OTHER_SPELLING.test('Xoá khóa')).toBe(true);
    expect(OTHER_SPELLING.test('Thông tin xuất hoá đơn')).toBe(false);
  });
});

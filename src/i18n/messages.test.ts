import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';

import { lookupMessage, type MessageTree } from './interpolate';
import { loadMessages } from './locale';
import { vi } from './vi';

function leaves(tree: MessageTree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

// What the portal shows: our messages with react-admin's own (`ra.*`) merged in.
const viLeaves = leaves(await loadMessages('vi'));
const enLeaves = leaves(await loadMessages('en'));

describe('the message files', () => {
  it('have the same keys in Vietnamese and English, react-admin messages included', () => {
    const missingInEnglish = [...viLeaves.keys()].filter((key) => !enLeaves.has(key));
    const missingInVietnamese = [...enLeaves.keys()].filter((key) => !viLeaves.has(key));
    expect({ missingInEnglish, missingInVietnamese }).toEqual({
      missingInEnglish: [],
      missingInVietnamese: [],
    });
  });

  it("give English react-admin's own messages beside ours", () => {
    expect(enLeaves.get('ra.action.save')).toBe('Save');
    expect(enLeaves.get('app.page.login')).toBe('Sign in');
    expect(viLeaves.get('ra.action.save')).toBe('Lưu');
  });

  it('translate every react-admin message (ra.*) into Vietnamese', () => {
    const raKeys = [...leaves(englishMessages as unknown as MessageTree).keys()];
    expect(raKeys.length).toBeGreaterThan(100);
    expect(raKeys.filter((key) => !viLeaves.has(key))).toEqual([]);
  });

  it('use the same placeholders in both languages and leave no message empty', () => {
    const problems = [...viLeaves].flatMap(([key, text]) => {
      const twin = enLeaves.get(key) ?? '';
      if (!text.trim() && key !== 'ra.boolean.null') return [`${key}: empty in vi`];
      if (placeholders(text).join() !== placeholders(twin).join()) return [`${key}: placeholders`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('contain every key that the source code translates', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(name) && !name.includes('.test.')) {
          const source = readFileSync(path, 'utf8');
          for (const match of source.matchAll(
            /translate\(\s*'((?:app|shell|ra|validation)\.[\w.-]+)'/g,
          )) {
            used.add(match[1] as string);
          }
        }
      }
    };
    walk(join(__dirname, '..'));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => lookupMessage(vi, key) === undefined)).toEqual([]);
  });

  it('keep the Vietnamese messages of the specification word for word', () => {
    expect(lookupMessage(vi, 'app.auth.login_failed')).toBe('Email hoặc mật khẩu không đúng.');
    expect(lookupMessage(vi, 'validation.email_required')).toBe('Email không được bỏ trống.');
    expect(lookupMessage(vi, 'validation.email_invalid')).toBe(
      'Vui lòng nhập đúng định dạng email',
    );
    expect(lookupMessage(vi, 'validation.password_mismatch')).toBe(
      'Nhập lại mật khẩu không khớp mật khẩu',
    );
  });
});

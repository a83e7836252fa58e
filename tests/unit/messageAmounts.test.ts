import { describe, expect, it } from 'vitest';

import { formatVnd } from '../../src/domain/money';
import { en } from '../../src/i18n/en';
import type { MessageTree } from '../../src/i18n/interpolate';
import { vi } from '../../src/i18n/vi';

describe('amounts written inside messages', () => {
  /** Every string of a message file, however deeply nested. */
  function texts(tree: MessageTree): string[] {
    return Object.values(tree).flatMap((value) =>
      typeof value === 'string' ? [value] : texts(value),
    );
  }

  it.each([
    ['vi', vi],
    ['en', en],
  ])(
    'group thousands as formatVnd does, in %s too (one number format per language)',
    (_, messages) => {
      const all = texts(messages as MessageTree);
      expect(all.filter((text) => /\d,\d{3}\b/.test(text))).toEqual([]);
      const amounts = all.flatMap((text) => [...text.matchAll(/\d[\d.]*(?= ₫)/g)].map((m) => m[0]));
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) {
        expect(formatVnd(Number(amount.replaceAll('.', '')))).toBe(`${amount} ₫`);
      }
    },
  );
});

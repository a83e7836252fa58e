import { describe, expect, it } from 'vitest';

import { compactVnd, formatVnd, groupThousands, parseDong } from './money';

describe('money is shown in dong with dots between thousands', () => {
  it.each([
    [0, '0 ₫'],
    [999, '999 ₫'],
    [1000, '1.000 ₫'],
    [1250000, '1.250.000 ₫'],
    [5000000, '5.000.000 ₫'],
    [1234567890, '1.234.567.890 ₫'],
  ])('%d → %s', (amount, shown) => {
    expect(formatVnd(amount)).toBe(shown);
  });

  it('keeps the sign of a negative adjustment', () => {
    expect(groupThousands(-1500000)).toBe('-1.500.000');
  });
});

describe('compact amounts for charts say their unit in the reader’s language', () => {
  it.each([
    [0, '0 ₫', '0 ₫'],
    [950, '950 ₫', '950 ₫'],
    [40_000, '40\u00a0nghìn ₫', '40K ₫'],
    [41_500, '41,5\u00a0nghìn ₫', '41,5K ₫'],
    [350_000, '350\u00a0nghìn ₫', '350K ₫'],
    [950_000, '950\u00a0nghìn ₫', '950K ₫'],
    [999_960, '1\u00a0triệu ₫', '1M ₫'],
    [2_500_000, '2,5\u00a0triệu ₫', '2,5M ₫'],
    [12_340_000, '12,3\u00a0triệu ₫', '12,3M ₫'],
    [1_200_000_000, '1,2\u00a0tỷ ₫', '1,2B ₫'],
    [2_500_000_000_000, '2.500\u00a0tỷ ₫', '2.500B ₫'],
  ])('%d → %s / %s', (amount, vi, en) => {
    expect(compactVnd(amount, 'vi')).toBe(vi);
    expect(compactVnd(amount, 'en')).toBe(en);
  });

  it('never writes the bare "N" or "Tr" of Intl’s compact Vietnamese', () => {
    for (const amount of [40_000, 2_500_000, 3_000_000_000]) {
      expect(compactVnd(amount, 'vi')).not.toMatch(/\bN\b|\bTr\b/);
    }
  });

  it('keeps the sign of a negative amount', () => {
    expect(compactVnd(-40_000, 'vi')).toBe('-40\u00a0nghìn ₫');
  });
});

describe('typed amounts are read as they are shown, or not at all', () => {
  it.each([
    ['100000', 100000],
    ['100.000', 100000],
    ['1.500.000', 1500000],
    ['1 500 000', 1500000],
    // Copied from a page that groups with no-break spaces.
    ['1\u00a0500\u00a0000', 1500000],
    ['1 500\u202f000', 1500000],
    [' 50.000 ', 50000],
    // English digit grouping, as an English-speaking customer types it.
    ['100,000', 100000],
    ['1,500,000', 1500000],
    ['0', 0],
  ])('reads "%s" as %d dong', (typed, amount) => {
    expect(parseDong(typed)).toBe(amount);
  });

  it.each([
    '１００.０００',
    '1.5',
    '10.00.000',
    '1.0000',
    '.000',
    '100.',
    '1,5',
    '-100',
    '1e6',
    '12a',
    '1..000',
    '1,0000',
    '10,00,000',
    '1.000,000',
    '1,000.000',
    '1 000.000',
    '1\t500\t000',
  ])('refuses "%s"', (typed) => {
    expect(parseDong(typed)).toBeNaN();
  });

  it('reads nothing typed as no amount', () => {
    expect(parseDong('')).toBeUndefined();
    expect(parseDong('   ')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';

import { formatUsdAmount } from './usd';

describe('formatUsdAmount', () => {
  it('always shows two decimals, with each language’s separators', () => {
    expect(formatUsdAmount(3.93, 'vi')).toBe('3,93');
    expect(formatUsdAmount(3.93, 'en')).toBe('3.93');
    expect(formatUsdAmount(5, 'vi')).toBe('5,00');
    expect(formatUsdAmount(1234.5, 'vi')).toBe('1.234,50');
    expect(formatUsdAmount(1234.5, 'en')).toBe('1,234.50');
  });
});

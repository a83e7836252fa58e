import { describe, expect, it } from 'vitest';

import { amountInVietnameseWords, vietnameseNumberWords } from './vietnameseWords';

describe('amounts in Vietnamese words', () => {
  it.each([
    [0, 'Không đồng'],
    [1_000, 'Một nghìn đồng'],
    [1_005, 'Một nghìn không trăm linh năm đồng'],
    [3_000, 'Ba nghìn đồng'],
    [216_000, 'Hai trăm mười sáu nghìn đồng'],
    [1_000_000, 'Một triệu đồng'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [1_050_000, 'Một triệu không trăm năm mươi nghìn đồng'],
    [2_340_500, 'Hai triệu ba trăm bốn mươi nghìn năm trăm đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [2_500_000_000, 'Hai tỷ năm trăm triệu đồng'],
    [
      12_345_678_901,
      'Mười hai tỷ ba trăm bốn mươi lăm triệu sáu trăm bảy mươi tám nghìn chín trăm linh một đồng',
    ],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [1_000_000_001, 'Một tỷ không trăm linh một đồng'],
  ])('%d ₫ reads "%s"', (amount, words) => {
    expect(amountInVietnameseWords(amount)).toBe(words);
  });

  it.each([
    [1, 'một'],
    [5, 'năm'],
    [10, 'mười'],
    [11, 'mười một'],
    [15, 'mười lăm'],
    [20, 'hai mươi'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi bốn'],
    [25, 'hai mươi lăm'],
    [55, 'năm mươi lăm'],
    [100, 'một trăm'],
    [101, 'một trăm linh một'],
    [105, 'một trăm linh năm'],
    [110, 'một trăm mười'],
    [111, 'một trăm mười một'],
    [115, 'một trăm mười lăm'],
    [121, 'một trăm hai mươi mốt'],
    [999, 'chín trăm chín mươi chín'],
    [10_000, 'mười nghìn'],
    [15_000, 'mười lăm nghìn'],
    [21_000, 'hai mươi mốt nghìn'],
    [100_010, 'một trăm nghìn không trăm mười'],
  ])('%d reads "%s"', (value, words) => {
    expect(vietnameseNumberWords(value)).toBe(words);
  });

  it('refuses what is not a whole amount', () => {
    expect(() => vietnameseNumberWords(-1)).toThrow(RangeError);
    expect(() => vietnameseNumberWords(1.5)).toThrow(RangeError);
    expect(() => vietnameseNumberWords(Number.NaN)).toThrow(RangeError);
  });
});

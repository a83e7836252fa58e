/** Money is whole dong; shown with dots between thousands and a dong sign (spec §9). */
export function groupThousands(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(amount)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Plain digits, or digits grouped by thousands with one separator throughout: a dot or a space as
 * the portal shows them, or a comma as English writing does ("100,000"). Dong has no fraction, so
 * a comma followed by exactly three digits can only group thousands. Spaces are first made one
 * kind: a page copied from may group with no-break or narrow no-break spaces, or a mix.
 */
const TYPED_DONG = /^(?:\d+|\d{1,3}([., ])\d{3}(?:\1\d{3})*)$/;
const SPACE_KINDS = /[\u0020\u00a0\u202f]/g;

/**
 * An amount as a customer or an operator types it ("100.000", "1 500 000", "100,000"). Undefined
 * for nothing typed, NaN for anything else: "1.5", "1,5" or "10.00.000" are not read as 15 or
 * 1.000.000 dong, and "1.000,000" (two separators) is not guessed at.
 */
export function parseDong(text: string): number | undefined {
  const typed = text.trim().replace(SPACE_KINDS, ' ');
  if (!typed) return undefined;
  return TYPED_DONG.test(typed) ? Number(typed.replace(/[., ]/g, '')) : Number.NaN;
}

export function formatVnd(amount: number): string {
  return `${groupThousands(amount)} ₫`;
}

/** Dong units for compact amounts, largest first: Vietnamese words, English letters. */
const COMPACT_UNITS = [
  { size: 1_000_000_000, vi: 'tỷ', en: 'B' },
  { size: 1_000_000, vi: 'triệu', en: 'M' },
  { size: 1_000, vi: 'nghìn', en: 'K' },
] as const;

/**
 * A short amount for a chart's bars and axis: "40 nghìn ₫", "2,5 triệu ₫", "1,2 tỷ ₫" in
 * Vietnamese; "40K ₫", "2,5M ₫", "1,2B ₫" in English; below a thousand, the amount itself. At
 * most one decimal. The decimal mark is a comma in both languages: the portal groups thousands
 * with dots in both (formatVnd), so "2.5M" beside "2.500.000 ₫" would read as two and a half
 * thousand. A value that rounds up to the next unit is written in it ("1 triệu ₫", never
 * "1.000 nghìn ₫"). The space before a Vietnamese word is a no-break space: the label never
 * splits.
 */
export function compactVnd(amount: number, locale: string): string {
  const english = locale === 'en';
  const sign = amount < 0 ? '-' : '';
  const whole = Math.abs(Math.round(amount));
  for (const [index, unit] of COMPACT_UNITS.entries()) {
    if (whole < unit.size) continue;
    const tenths = Math.round((whole / unit.size) * 10);
    // 999.960 is 1.000,0 nghìn: say it in the next unit up, when there is one.
    const bigger = COMPACT_UNITS[index - 1];
    if (tenths >= 10_000 && bigger) {
      return compactVnd(Math.sign(amount) * bigger.size, locale);
    }
    const number = groupThousands(Math.floor(tenths / 10)) + (tenths % 10 ? `,${tenths % 10}` : '');
    return `${sign}${number}${english ? unit.en : `\u00a0${unit.vi}`} ₫`;
  }
  return formatVnd(amount);
}

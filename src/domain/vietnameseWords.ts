/**
 * An amount of dong written in Vietnamese words, as a Vietnamese invoice states its total
 * ("Bằng chữ: Hai trăm mười sáu nghìn đồng"). Numbers are read in groups of three digits
 * (nghìn, triệu, tỷ; past a thousand billion the billions are read again: "một nghìn tỷ"). Inside a
 * group: "mười" for ten, "mươi" for the tens from twenty, "mốt" for a one after them, "lăm" for a
 * five after any ten, "linh" for a zero ten before a unit; a group after a larger one reads its
 * zero hundreds ("một nghìn không trăm linh năm") and a group of zeros is left out.
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const GROUPS = ['', 'nghìn', 'triệu'] as const;
const BILLION = 1_000_000_000;

/** The words of a whole number from 0 up to Number.MAX_SAFE_INTEGER, in lower case. */
export function vietnameseNumberWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError('vietnameseNumberWords takes a whole number from 0');
  }
  if (value === 0) return DIGITS[0];
  return readNumber(value, false).join(' ');
}

/** "Hai trăm mười sáu nghìn đồng": the words of a whole amount of dong, capitalised. */
export function amountInVietnameseWords(amount: number): string {
  const words = `${vietnameseNumberWords(amount)} đồng`;
  return words.charAt(0).toLocaleUpperCase('vi') + words.slice(1);
}

/** A number above zero; `following` when a larger group has been read before it. */
function readNumber(value: number, following: boolean): string[] {
  if (value >= BILLION) {
    const billions = Math.floor(value / BILLION);
    const rest = value % BILLION;
    return [
      ...readNumber(billions, following),
      'tỷ',
      ...(rest > 0 ? readBelowBillion(rest, true) : []),
    ];
  }
  return readBelowBillion(value, following);
}

function readBelowBillion(value: number, following: boolean): string[] {
  const groups = [value % 1000, Math.floor(value / 1000) % 1000, Math.floor(value / 1_000_000)];
  const words: string[] = [];
  let read = following;
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const group = groups[index] as number;
    if (group === 0) continue;
    words.push(...readGroup(group, read));
    const unit = GROUPS[index];
    if (unit) words.push(unit);
    read = true;
  }
  return words;
}

/** 1–999; `following` reads zero hundreds and a "linh" as a group after a larger one does. */
function readGroup(group: number, following: boolean): string[] {
  const hundreds = Math.floor(group / 100);
  const tens = Math.floor(group / 10) % 10;
  const ones = group % 10;
  const words: string[] = [];
  const hasHundreds = hundreds > 0 || following;
  if (hasHundreds) words.push(DIGITS[hundreds] as string, 'trăm');
  if (tens === 0) {
    if (ones > 0 && hasHundreds) words.push('linh');
  } else if (tens === 1) {
    words.push('mười');
  } else {
    words.push(DIGITS[tens] as string, 'mươi');
  }
  if (ones === 0) return words;
  if (ones === 1 && tens >= 2) words.push('mốt');
  else if (ones === 5 && tens >= 1) words.push('lăm');
  else words.push(DIGITS[ones] as string);
  return words;
}

/** Dollars as the customer's language writes them, always with cents: "3,93" (vi), "3.93" (en). */
export function formatUsdAmount(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

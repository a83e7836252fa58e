/** Money is whole dong; shown with dots between thousands and a dong sign (spec §9). */
export function groupThousands(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(Math.round(amount)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export function formatVnd(amount: number): string {
  return `${groupThousands(amount)} ₫`;
}

/**
 * Where a short balance leads: billing with the top-up dialog open for the missing amount
 * (`/billing?amount=<shortfall>&topup=1`, as the trial upgrade dialog does).
 */
export function topUpPath(amount: number): string {
  return `/billing?${new URLSearchParams({ amount: String(amount), topup: '1' }).toString()}`;
}

/**
 * Where a short balance leads: billing with the top-up dialog open for the missing amount
 * (`/billing?amount=<shortfall>&topup=1`, as the trial upgrade dialog does).
 *
 * A customer who leaves an order, a resize or an IP purchase to top up is offered the way back on
 * the success page: the link remembers the page it was followed from (`rememberTopUpReturn`), and
 * `/billing/success` reads it (`topUpReturnPath`). Only a path of this app is kept — one "/" then
 * not another or a backslash — never a full address, so a stored value cannot lead elsewhere.
 */
export function topUpPath(amount: number): string {
  return `/billing?${new URLSearchParams({ amount: String(amount), topup: '1' }).toString()}`;
}

const RETURN_KEY = 'topup_return_path';

/** A path of this app (`/order/create?id=7`), not `//host`, `/\host`, `https:` or the like. */
export function isAppPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= 2000 &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    // Control characters (a tab or newline inside "/\t/host") would be dropped by URL parsing.
    ![...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  );
}

/** Call when following a `topUpPath` link, with the router path (no `/idc`) of the page left. */
export function rememberTopUpReturn(path: string): void {
  try {
    if (isAppPath(path)) sessionStorage.setItem(RETURN_KEY, path);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage refused (private mode, quota): the success page then offers billing only.
  }
}

/** The remembered path, when there is a valid one. */
export function topUpReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    return isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetTopUpReturn(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/**
 * The server's time, as the portal knows it. Whatever is due, overdue, expired or priced "from
 * today" is decided by the server's clock, never the device's: a phone set a day wrong must not
 * call an invoice overdue that the server does not, and the sandbox's clock can be moved forward
 * for a demo (README, "The sandbox clock").
 *
 * Every answer of the API carries the server's time in its `Date` header (the sandbox sends its
 * own clock there; a cross-origin API must list `Date` in Access-Control-Expose-Headers). The
 * one HTTP client (client.ts) hands each answer's header to `noteServerDate`, which keeps how far
 * the server runs ahead of `Date.now()`; `serverNow()` is the device's time moved by that much.
 * Before the first answer, or without a readable header, it is the device's time.
 */

/**
 * `Date` says whole seconds and the answer takes a while to arrive: a difference smaller than
 * this is no difference, so the portal's clock does not jitter by a second from answer to answer.
 */
export const SERVER_CLOCK_TOLERANCE_MS = 5_000;

let offsetMs = 0;

/** Notes the server's `Date` header of an answer received now; an unreadable one is ignored. */
export function noteServerDate(header: string | null | undefined, receivedAt = Date.now()): void {
  if (!header) return;
  const serverTime = Date.parse(header);
  if (Number.isNaN(serverTime)) return;
  const offset = serverTime - receivedAt;
  offsetMs = Math.abs(offset) < SERVER_CLOCK_TOLERANCE_MS ? 0 : offset;
}

/** The server's time now: what due dates, expiries and "today" are compared with. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** How far the server's clock runs ahead of the device's, in milliseconds (negative: behind). */
export function serverClockOffsetMs(): number {
  return offsetMs;
}

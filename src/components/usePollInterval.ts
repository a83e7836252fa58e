/**
 * One polling rhythm for records that change on their own (a server building, rebooting,
 * resizing…): fast while something is in transition, slow otherwise, and paused while the browser
 * tab is hidden. A list passes `pollInterval(anyInTransition(data), useDocumentVisible())` to
 * TanStack Query's `refetchInterval`, which sees the data (a hook outside the list cannot).
 */
import { useSyncExternalStore } from 'react';

/** While a record is in transition. */
export const POLL_FAST_MS = 2000;
/** While nothing is expected to change (something may still change elsewhere). */
export const POLL_SLOW_MS = 16000;

export function pollInterval(inTransition: boolean, visible: boolean): number | false {
  if (!visible) return false;
  return inTransition ? POLL_FAST_MS : POLL_SLOW_MS;
}

/** Whether the page is visible (`document.visibilityState`), kept current. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, () => true);
}

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function isVisible(): boolean {
  return document.visibilityState !== 'hidden';
}

/**
 * After the customer acts on a record, poll fast for this long even if its status has not moved
 * yet (a power-off keeps the status `active` until the machine is off).
 */
export const POLL_FAST_AFTER_ACTION_MS = 30000;

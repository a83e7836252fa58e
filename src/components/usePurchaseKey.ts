import { useCallback, useRef } from 'react';

/**
 * 128 random bits as 32 hex digits. Not `crypto.randomUUID()`: browsers give that to secure pages
 * only, and the portal may be opened over plain HTTP on a local network (`HOST=0.0.0.0`).
 */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of one purchase (the contract's header): the same key while the customer
 * buys the same thing again after an answer was lost — the API then answers the first purchase
 * instead of buying twice — and a new one once an answer said what happened, or the choice changed.
 */
export function usePurchaseKey() {
  const current = useRef<{ key: string; choice: string } | null>(null);
  /** The key for `choice` (what is bought, as text): kept while the choice and the key stand. */
  const keyFor = useCallback((choice: string) => {
    if (current.current?.choice !== choice) current.current = { key: randomKey(), choice };
    return current.current.key;
  }, []);
  /** An answer came (bought, or refused): the next purchase is a new one. */
  const settled = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settled };
}

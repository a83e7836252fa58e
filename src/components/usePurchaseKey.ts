import { useCallback, useRef } from 'react';

/**
 * The `Idempotency-Key` of one purchase (the contract's header): the same key while the customer
 * buys the same thing again after an answer was lost — the API then answers the first purchase
 * instead of buying twice — and a new one once an answer said what happened, or the choice changed.
 */
export function usePurchaseKey() {
  const current = useRef<{ key: string; choice: string } | null>(null);
  /** The key for `choice` (what is bought, as text): kept while the choice and the key stand. */
  const keyFor = useCallback((choice: string) => {
    if (current.current?.choice !== choice) {
      current.current = { key: crypto.randomUUID(), choice };
    }
    return current.current.key;
  }, []);
  /** An answer came (bought, or refused): the next purchase is a new one. */
  const settled = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settled };
}

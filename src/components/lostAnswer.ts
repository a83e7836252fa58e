/**
 * An action whose answer is lost (the request left, then the network failed) may or may not have
 * happened: a payment may be paid, a server may be powering off. Saying "please try again" would
 * invite a second payment or a second action. Instead the portal says the result is unknown and
 * reads the state again; the action's button stays busy until that fresh state is known, so it
 * is offered again only from what the server now says (spec §4: double submit is blocked).
 */
import { isNetworkError } from '../api/client';

export const isLostAnswer = isNetworkError;

/**
 * Runs `action`; when its answer is lost, first waits for `recheck` (reading the order or server
 * again), then fails as before. Used as a mutation function, the mutation stays pending until the
 * state has been read again.
 */
export async function recheckIfAnswerLost<T>(
  action: () => Promise<T>,
  recheck: () => Promise<unknown>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isLostAnswer(error)) await recheck().catch(() => undefined);
    throw error;
  }
}

/**
 * Testing Library's element errors, with the DOM printed when the message is read rather than when
 * the error is made (unit layer only, installed by tests/setup.ts).
 *
 * Why: a `findBy…` or `waitFor` retries its query on every DOM change until it holds, and each
 * failed try makes an error whose message holds the whole rendered portal, printed — messages
 * nobody reads unless the wait times out. That was a fifteenth of a screen test's CPU
 * (billing.test.tsx: 2.7 of 40 CPU-s).
 *
 * What it keeps: the message is the one Testing Library writes (its text, the ignored nodes, the
 * DOM as it is when the message is first read, which is when the test fails with it), made by
 * Testing Library's own function, once.
 */
import { getConfig } from '@testing-library/dom';

/** Testing Library's own, which prints at once; taken before tests/setup.ts replaces it. */
const printedNow = getConfig().getElementError;

export function elementErrorPrintedWhenRead(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () => (printed ??= printedNow(message, container).message),
    set: (value: string) => {
      printed = value;
    },
  });
  return error;
}

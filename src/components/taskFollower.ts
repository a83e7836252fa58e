/**
 * Following a task the API accepted at once and finishes later (a volume's attach or extend, a
 * server's rebuild or restore): the success message comes when the task has ended, not when it
 * was accepted (issue 19). The follower is a plain promise, not tied to a screen, so the message
 * reaches the customer wherever they are by then.
 */
import { POLL_FAST_MS } from './usePollInterval';

/** How long a started task is followed; tasks take seconds to minutes. */
export const FOLLOW_TASK_FOR_MS = 15 * 60 * 1000;

/**
 * Reads the thing on the fast polling rhythm until `isBusy` says its task is over, and answers
 * that last reading; undefined when it can no longer be read (deleted meanwhile) or is still busy
 * after FOLLOW_TASK_FOR_MS, when no message would be honest.
 */
export async function untilTaskEnds<T>(
  read: () => Promise<T>,
  isBusy: (value: T) => boolean,
): Promise<T | undefined> {
  const giveUpAt = Date.now() + FOLLOW_TASK_FOR_MS;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value === undefined || !isBusy(value)) return value;
    if (Date.now() > giveUpAt) return undefined;
    await new Promise((resolve) => setTimeout(resolve, POLL_FAST_MS));
  }
}

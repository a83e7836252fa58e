/**
 * Screen tests whose amounts or dates depend on the day (prices prorated by the hour, renewals
 * in a month's last week, trial ends) run on a fixed clock: `Date` only is faked, so timers,
 * promises and the sandbox's I/O run as usual. Call it before `sandboxPerTest()`, so the sandbox
 * seeds its data on the pinned clock.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** In every test of the calling suite, `Date` starts at `at` (a test may move it on). */
export function pinDateInEachTest(at: Date | (() => Date)): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(typeof at === 'function' ? at() : at);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

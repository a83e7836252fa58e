import { describe, expect, it } from 'vitest';

import { POLL_FAST_MS, POLL_SLOW_MS, pollInterval } from './usePollInterval';

describe('the polling rhythm', () => {
  it('is fast while something is in transition and slow otherwise', () => {
    expect(pollInterval(true, true)).toBe(POLL_FAST_MS);
    expect(pollInterval(false, true)).toBe(POLL_SLOW_MS);
    expect(POLL_FAST_MS).toBeLessThan(POLL_SLOW_MS);
  });

  it('stops while the tab is hidden', () => {
    expect(pollInterval(true, false)).toBe(false);
    expect(pollInterval(false, false)).toBe(false);
  });
});

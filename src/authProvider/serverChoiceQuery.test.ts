import { describe, expect, it } from 'vitest';

import { serverChoiceFromQuery } from './serverChoiceQuery';

describe('the server a link to an offer chose, as the register page keeps it', () => {
  it('takes cpu, ram, disk and the interval', () => {
    expect(serverChoiceFromQuery(new URLSearchParams('cpu=2&ram=4&disk=40&interval=3'))).toEqual({
      cpu: '2',
      ram: '4',
      disk: '40',
      interval: '3',
    });
  });

  it('reads the provider’s billingcycle=annually as 12 months (spec §9), an interval winning', () => {
    const annual = new URLSearchParams('cpu=2&ram=4&disk=40&billingcycle=annually');
    expect(serverChoiceFromQuery(annual)?.interval).toBe('12');
    const both = new URLSearchParams('cpu=2&ram=4&disk=40&billingcycle=annually&interval=6');
    expect(serverChoiceFromQuery(both)?.interval).toBe('6');
    const monthly = new URLSearchParams('cpu=2&ram=4&disk=40&billingcycle=monthly');
    expect(serverChoiceFromQuery(monthly)).toEqual({ cpu: '2', ram: '4', disk: '40' });
  });

  it('is none without all three of cpu, ram and disk', () => {
    expect(serverChoiceFromQuery(new URLSearchParams('cpu=2&ram=4&interval=12'))).toBeNull();
  });
});

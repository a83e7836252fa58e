import { describe, expect, it } from 'vitest';

import { newPaymentReference } from './paymentReference';

describe('a top-up reference', () => {
  it('carries the Vietnam date the payment began, also in the hours UTC is still a day behind', () => {
    // 00:49 on 8 December in Vietnam is 17:49 on 7 December in UTC.
    expect(newPaymentReference('TOPUP', new Date('2026-12-07T17:49:00Z'))).toMatch(
      /^TOPUP-20261208-[0-9A-F]{16}$/,
    );
    expect(newPaymentReference('PAYPAL', new Date('2026-12-07T16:59:59Z'))).toMatch(
      /^PAYPAL-20261207-[0-9A-F]{16}$/,
    );
  });

  it('is never the same twice', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    expect(newPaymentReference('TOPUP', now)).not.toBe(newPaymentReference('TOPUP', now));
  });
});

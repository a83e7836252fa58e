import { describe, expect, it } from 'vitest';

import { translateWith } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import { actionBlockReasons, blockedMessage, type AccountStanding } from './permissions';

const now = new Date('2026-11-22T05:00:00Z');
const good: AccountStanding = {
  email_verified: true,
  is_in_whitelist: false,
  has_expired_invoices: false,
  trial: { end_date: null },
};

describe('the action permission check', () => {
  it('passes an account in good standing and a running trial', () => {
    expect(actionBlockReasons(good, now)).toEqual([]);
    expect(
      actionBlockReasons({ ...good, trial: { end_date: '2026-11-25T00:00:00Z' } }, now),
    ).toEqual([]);
  });

  it('names every reason that applies', () => {
    expect(
      actionBlockReasons(
        {
          email_verified: false,
          is_in_whitelist: false,
          has_expired_invoices: true,
          trial: { end_date: '2026-11-21T00:00:00Z' },
        },
        now,
      ),
    ).toEqual(['overdue_invoices', 'trial_expired', 'unverified_email']);
  });

  it('always passes a whitelisted account', () => {
    expect(
      actionBlockReasons(
        { ...good, is_in_whitelist: true, has_expired_invoices: true, email_verified: false },
        now,
      ),
    ).toEqual([]);
  });

  it('joins the reasons with commas in the message', () => {
    const translate = (key: string, params?: Record<string, unknown>) =>
      translateWith(vi, vi, key, params);
    expect(blockedMessage(['overdue_invoices', 'trial_expired'], translate)).toBe(
      'Không thể thực hiện thao tác do: có hoá đơn quá hạn, đã hết hạn dùng thử.',
    );
  });
});

import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { translateWith } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import { linePeriod, paymentText } from './invoiceText';

const inVietnamese = (key: string, params?: Record<string, unknown>) =>
  translateWith(vi, en, key, params);
const inEnglish = (key: string, params?: Record<string, unknown>) =>
  translateWith(en, vi, key, params);

describe('an invoice line’s period and an invoice’s payment, in words', () => {
  const line = {
    text: { key: 'invoice_document.line.discount', params: { code: 'GIAM10' } },
    period_months: 3,
    // 01-12-2026 00:00 to 01-03-2027 00:00 in Vietnam time.
    period_start: '2026-11-30T17:00:00.000Z',
    period_end: '2027-02-28T17:00:00.000Z',
  };

  it('names the months and the days a line pays for, in the reader’s language', () => {
    expect(linePeriod(line, inVietnamese)).toBe('3 tháng, từ 01-12-2026 đến hết 28-02-2027');
    expect(linePeriod(line, inEnglish)).toBe('3 mo., from 01-12-2026 through 28-02-2027');
  });

  it('names no months for a first period that starts in the middle of a month', () => {
    // An order on 14-12-2026 10:00 Vietnam time for one month pays to the end of December.
    const firstPeriod = { ...line, period_months: 1, period_start: '2026-12-14T03:00:00.000Z' };
    expect(linePeriod(firstPeriod, inVietnamese)).toBe('từ 14-12-2026 đến hết 28-02-2027');
  });

  it('says nothing for a line that pays for no period', () => {
    const none = { ...line, period_months: null, period_start: null, period_end: null };
    expect(linePeriod(none, inVietnamese)).toBe('');
  });

  it('names the balance, the coupon and the reference of a payment', () => {
    const payment = { method: 'balance', coupon_code: null, reference: 'INV-2026-000001' } as const;
    expect(paymentText(payment, inVietnamese)).toBe(
      'Trừ vào số dư tài khoản, mã tham chiếu INV-2026-000001',
    );
    expect(paymentText({ ...payment, coupon_code: 'GIAM10' }, inEnglish)).toBe(
      'From the account balance with discount code GIAM10, reference INV-2026-000001',
    );
  });
});

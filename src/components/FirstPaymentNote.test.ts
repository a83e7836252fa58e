import { describe, expect, it } from 'vitest';

import { createI18nProvider } from '../i18n/i18nProvider';
import { loadMessages } from '../i18n/locale';
import { firstPaymentText, renewalSoonText } from './FirstPaymentNote';

/** An instant given in Vietnam time (UTC+7). */
const vn = (local: string) => new Date(`${local}+07:00`);
const NOW = vn('2026-11-23T10:00:00');

async function translatorFor(locale: 'vi' | 'en') {
  const provider = createI18nProvider(locale, await loadMessages(locale), async () => undefined);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
}

describe('the first-payment sentence', () => {
  it('says what a 12-month order covers, then the monthly price, in Vietnamese', async () => {
    const translate = await translatorFor('vi');
    const payment = {
      amount: 7_084_000,
      start: NOW,
      end: vn('2027-11-01T00:00:00'),
      monthly: 630_000,
    };
    expect(firstPaymentText(translate, payment, NOW)).toBe(
      'Thanh toán lần đầu 7.084.000 ₫: từ hôm nay 23-11-2026 đến hết 31-10-2027 (phần còn lại của tháng này + 11 tháng) — sau đó 630.000 ₫/tháng',
    );
  });

  it('says a one-month order covers the rest of this month only, in English', async () => {
    const translate = await translatorFor('en');
    const payment = {
      amount: 154_000,
      start: NOW,
      end: vn('2026-12-01T00:00:00'),
      monthly: 630_000,
    };
    expect(firstPaymentText(translate, payment, NOW)).toBe(
      'First payment 154.000 ₫: from today 23-11-2026 through 30-11-2026 (the rest of this month) — then 630.000 ₫/month',
    );
  });

  it('says a change pays now and adds to the monthly price', async () => {
    const translate = await translatorFor('en');
    const payment = {
      amount: 66_000,
      start: NOW,
      end: vn('2027-01-01T00:00:00'),
      monthly: 50_000,
      change: true,
    };
    expect(firstPaymentText(translate, payment, NOW)).toBe(
      'Payment now 66.000 ₫: from today 23-11-2026 through 31-12-2026 (the rest of this month + 1 month) — then 50.000 ₫ more a month',
    );
  });

  it('names the start day and month of an order placed earlier, and leaves out an unknown monthly price', async () => {
    const translate = await translatorFor('vi');
    const payment = {
      amount: 300_000,
      start: vn('2026-10-30T09:00:00'),
      end: vn('2027-01-01T00:00:00'),
    };
    expect(firstPaymentText(translate, payment, NOW)).toBe(
      'Thanh toán lần đầu 300.000 ₫: từ 30-10-2026 đến hết 31-12-2026 (phần còn lại của tháng 10-2026 + 2 tháng)',
    );
  });
});

describe('the renewal that paying sets off', () => {
  const oneMonth = { amount: 84_000, start: NOW, end: vn('2026-12-01T00:00:00'), monthly: 630_000 };
  const lastWeek = vn('2026-11-26T10:00:00');

  it('is not mentioned while the paid period ends beyond the 7-day notice', async () => {
    const translate = await translatorFor('vi');
    expect(renewalSoonText(translate, oneMonth, NOW)).toBeUndefined();
    expect(
      renewalSoonText(translate, { ...oneMonth, end: vn('2027-11-01T00:00:00') }, lastWeek),
    ).toBeUndefined();
  });

  it('tells a new resource bought in a month’s last week that its next renewal is issued at once', async () => {
    expect(renewalSoonText(await translatorFor('vi'), oneMonth, lastWeek)).toBe(
      'Vì kỳ này kết thúc trong vòng 7 ngày, hoá đơn gia hạn tháng tiếp theo (630.000 ₫) sẽ được phát hành ngay sau khi thanh toán, hạn thanh toán 01-12-2026.',
    );
    expect(renewalSoonText(await translatorFor('en'), oneMonth, lastWeek)).toBe(
      'As this period ends within 7 days, the next month’s renewal invoice (630.000 ₫) is issued right after you pay, due 01-12-2026.',
    );
  });

  it('tells a change that the renewal out is priced again', async () => {
    const change = { ...oneMonth, monthly: 50_000, change: true };
    expect(renewalSoonText(await translatorFor('en'), change, lastWeek)).toBe(
      'If the renewal invoice for the next period (from 01-12-2026) has been issued, it is issued again at the new configuration.',
    );
  });
});

import { describe, expect, it } from 'vitest';

import { createI18nProvider } from '../i18n/i18nProvider';
import { loadMessages } from '../i18n/locale';
import { snapshotPaidUntil, unrefundedText } from './UnrefundedNote';

/** An instant given in Vietnam time (UTC+7). */
const vn = (local: string) => new Date(`${local}+07:00`);

async function translatorFor(locale: 'vi' | 'en') {
  const provider = createI18nProvider(locale, await loadMessages(locale), async () => undefined);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
}

describe('the sentence every delete dialog says about money', () => {
  it('says the amount and the last day paid (the day before the exclusive end)', async () => {
    const vi = await translatorFor('vi');
    const en = await translatorFor('en');
    const unrefunded = { amount: 520_000, paidUntil: vn('2025-07-01T00:00:00') };
    expect(unrefundedText(vi, unrefunded)).toBe(
      'Phần đã thanh toán còn lại đến hết 30-06-2025 (khoảng 520.000 ₫) sẽ không được hoàn lại.',
    );
    expect(unrefundedText(en, unrefunded)).toBe(
      'What is left of the paid period, through 30-06-2025 (about 520.000 ₫), will not be refunded.',
    );
  });

  it('says nothing is refunded when nothing of the period is left', async () => {
    const vi = await translatorFor('vi');
    expect(unrefundedText(vi, { amount: 0, paidUntil: vn('2025-07-01T00:00:00') })).toBe(
      'Không có khoản nào được hoàn lại.',
    );
    expect(unrefundedText(vi, { amount: 0, paidUntil: null })).toBe(
      'Không có khoản nào được hoàn lại.',
    );
  });

  it('says the amount alone when the end of the period is not known', async () => {
    const vi = await translatorFor('vi');
    expect(unrefundedText(vi, { amount: 12_000, paidUntil: null })).toBe(
      'Phần đã thanh toán còn lại (khoảng 12.000 ₫) sẽ không được hoàn lại.',
    );
  });

  it('ends a snapshot period at the start of next month, Vietnam time', () => {
    expect(snapshotPaidUntil(vn('2025-03-31T23:30:00'))).toEqual(vn('2025-04-01T00:00:00'));
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { components } from '../api/schema';
import { formatDateTime } from '../domain/dates';
import { formatVnd } from '../domain/money';
import { en } from '../i18n/en';
import { createI18nProvider } from '../i18n/i18nProvider';
import { FIRST_DATA_MESSAGE_AREAS, pickMessages } from '../i18n/messageSlices';
import { vi as vietnamese } from '../i18n/vi';
import { adjustmentText } from '../pages/billing/ledgerText';
import { balanceHistoryContent } from './balanceHistoryPreview';
import { drawPicture, type SignedInUser } from './picture';
import { FIRST_DATA_ROW_CLASS } from './pictureMarks';

type Adjustment = components['schemas']['BalanceAdjustment'];

const renewal: Adjustment = {
  id: 3,
  type: 'payment',
  method: 'balance',
  amount: -80_000,
  balance_after: 4_829_000,
  description: 'Gia hạn máy chủ web-01 đến hết 31-01-2027, hoá đơn INV-2027-000059',
  description_key: 'ledger.renewal_payment',
  description_params: {
    kind: { key: 'ledger.resource_kind.server' },
    name: 'web-01',
    end: '31-01-2027',
    invoice: 'INV-2027-000059',
  },
  reference: 'INV-2027-000059',
  created: '2026-12-31T17:05:00Z',
};
const order: Adjustment = {
  ...renewal,
  id: 2,
  amount: -330_000,
  description: 'Thanh toán đơn hàng #12 (Tạo máy chủ): web-01',
  description_key: 'ledger.order_payment',
  description_params: { order: 12, kind: { key: 'orders.type.create_server' }, info: 'web-01' },
};
const topUp: Adjustment = {
  ...renewal,
  id: 1,
  type: 'topup',
  method: 'card',
  amount: 5_000_000,
  balance_after: 5_000_000,
  description: 'Nạp tiền (cũ)',
  description_key: 'ledger.legacy',
  description_params: { text: 'Nạp tiền (cũ)' },
  reference: null,
};
const user = { balance: 4_829_000, unpaid_amount: 80_000 } as SignedInUser;

const LOCALES = [
  ['vi', vietnamese],
  ['en', en],
] as const;

describe("the balance history's first-data picture", () => {
  it.each(LOCALES)('writes each line as the list does (%s)', (locale, messages) => {
    const { translate } = createI18nProvider(locale, messages, async () => undefined);
    const picture = drawPicture(
      document,
      balanceHistoryContent(
        user,
        { items: [renewal, order, topUp] },
        pickMessages(messages, FIRST_DATA_MESSAGE_AREAS),
      )!,
    );
    const rows = [...picture.querySelectorAll(`.${FIRST_DATA_ROW_CLASS}`)].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual(
      [renewal, order, topUp].map((line) => [
        formatDateTime(line.created),
        translate(`billing.history.type.${line.type}`),
        translate(`billing.history.method.${line.method}`),
        line.amount > 0 ? `+${formatVnd(line.amount)}` : formatVnd(line.amount),
        formatVnd(line.balance_after),
        adjustmentText(line, translate),
        line.reference ?? '—',
      ]),
    );
    expect([...picture.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(
      ['created', 'type', 'method', 'amount', 'balance_after', 'description', 'reference'].map(
        (field) => translate(`billing.history.fields.${field}`),
      ),
    );
    expect(picture.querySelector('.fd-title')?.textContent).toBe(translate('billing.title'));
    expect([...picture.querySelectorAll('.fd-value')].map((value) => value.textContent)).toEqual([
      formatVnd(user.balance),
      formatVnd(user.unpaid_amount),
    ]);
    expect(picture.querySelector('.fd-current')?.textContent).toBe(
      translate('billing.tabs.history'),
    );
  });

  it('shows debits red and credits green, and on a phone the columns the list keeps', () => {
    const content = balanceHistoryContent(
      user,
      { items: [renewal, topUp] },
      pickMessages(vietnamese, FIRST_DATA_MESSAGE_AREAS),
    );
    const [debit, credit] = content?.table?.rows ?? [];
    expect(debit?.[3]?.className).toBe('fd-debit');
    expect(credit?.[3]?.className).toBe('fd-credit');
    expect(content?.table?.headers.map((header) => header.className === 'fd-wide')).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it('draws nothing for an empty history: the portal says so better', () => {
    expect(
      balanceHistoryContent(user, { items: [] }, pickMessages(en, FIRST_DATA_MESSAGE_AREAS)),
    ).toBeUndefined();
  });
});

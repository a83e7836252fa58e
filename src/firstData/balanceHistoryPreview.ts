/**
 * The balance history's picture (picture.ts): /billing's title, the balance and the unpaid
 * amount from the session's answer, the five tabs with "history" current, and the first page of
 * lines as BalanceHistoryList.tsx writes them.
 */
import type { components } from '../api/schema';
import {
  fill,
  message,
  vietnamDateTime,
  vnd,
  WIDE,
  type MessageTree,
  type PictureContent,
  type SignedInUser,
} from './picture';

type Adjustment = components['schemas']['BalanceAdjustment'];
type Params = Adjustment['description_params'];

/** As BillingPage.tsx's tabs, in their order. */
const TABS = ['invoices', 'history', 'payments', 'services', 'orders'];
const CURRENT_TAB = TABS.indexOf('history');
/** As BalanceHistoryList.tsx's columns; those HIDDEN_ON_PHONE there are WIDE here. */
const COLUMNS: { field: string; wide?: boolean }[] = [
  { field: 'created' },
  { field: 'type' },
  { field: 'method', wide: true },
  { field: 'amount' },
  { field: 'balance_after', wide: true },
  { field: 'description', wide: true },
  { field: 'reference', wide: true },
];

/** As ledgerText.ts adjustmentText (domain/messageText.ts): nested parameters rendered first. */
export function renderedText(
  key: string,
  params: Params | undefined,
  messages: MessageTree,
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    values[name] =
      typeof value === 'object' ? renderedText(value.key, value.params, messages) : value;
  }
  return fill(message(messages, key), values);
}

export function adjustmentTexts(line: Adjustment, messages: MessageTree): string[] {
  const description =
    line.description_key && message(messages, line.description_key)
      ? renderedText(line.description_key, line.description_params, messages)
      : line.description;
  return [
    vietnamDateTime(line.created),
    message(messages, `billing.history.type.${line.type}`) || line.type,
    message(messages, `billing.history.method.${line.method}`) || line.method,
    line.amount > 0 ? `+${vnd(line.amount)}` : vnd(line.amount),
    vnd(line.balance_after),
    description,
    line.reference ?? '—',
  ];
}

/** The picture of the first page; none for an empty history (the portal says it better). */
export function balanceHistoryContent(
  user: SignedInUser,
  page: { items: Adjustment[] },
  messages: MessageTree,
): PictureContent | undefined {
  if (page.items.length === 0) return undefined;
  const columnClass = (column: number, line?: Adjustment): string | undefined => {
    const field = COLUMNS[column];
    if (field?.wide) return WIDE;
    if (line && field?.field === 'amount') return line.amount < 0 ? 'fd-debit' : 'fd-credit';
    return field?.field === 'created' ? 'fd-nowrap' : undefined;
  };
  return {
    title: message(messages, 'billing.title'),
    figures: [
      { label: message(messages, 'billing.balance'), value: vnd(user.balance) },
      { label: message(messages, 'billing.unpaid'), value: vnd(user.unpaid_amount) },
    ],
    tabs: {
      labels: TABS.map((tab) => message(messages, `billing.tabs.${tab}`)),
      current: CURRENT_TAB,
    },
    table: {
      headers: COLUMNS.map(({ field }, column) => ({
        text: message(messages, `billing.history.fields.${field}`),
        className: columnClass(column),
      })),
      rows: page.items.map((line) =>
        adjustmentTexts(line, messages).map((text, column) => ({
          text,
          className: columnClass(column, line),
        })),
      ),
    },
  };
}

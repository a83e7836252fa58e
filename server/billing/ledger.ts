/**
 * The balance ledger (table balance_adjustments): every change of a balance writes one row, in
 * the same transaction, so that for every account the balance is the sum of its rows. The seed
 * records each demo account's opening balance as a row of its own, so there is no other "initial"
 * amount to remember.
 */
import type { components } from '../../src/api/schema';
import type { Locale } from '../../src/domain/constants';
import { renderMessageText } from '../../src/domain/messageText';
import { lastDayPaid } from '../../src/domain/periods';
import type { Db } from '../platform/db';
import { issueInvoice, type NewInvoiceLine } from './invoiceDocument';
import { translateAny, type MessageKey } from '../platform/i18n';
import { invoiceCode, type InvoiceRow } from './orderRows';

type AdjustmentType = components['schemas']['BalanceAdjustmentType'];
type AdjustmentMethod = components['schemas']['BalanceAdjustmentMethod'];
type BalanceAdjustment = components['schemas']['BalanceAdjustment'];

/**
 * What a ledger row says, as a message key (`ledger.*` in src/i18n) and its parameters: the portal
 * and the mails render it in the reader's language (src/domain/messageText.ts). A parameter that
 * is itself translatable is a nested text.
 */
export interface LedgerText {
  key: MessageKey;
  params?: Record<string, string | number | LedgerText>;
}

/**
 * A ledger text in one language: Vietnamese for the row's `description` column, the reader's
 * for a mail that quotes the row (mails give both, see `bilingual` in server/i18n.ts).
 */
export const ledgerTextIn = (text: LedgerText, locale: Locale = 'vi'): string =>
  renderMessageText(text, (key, params) => translateAny(locale, key, params));

export interface BalanceChange {
  userId: number;
  type: AdjustmentType;
  method: AdjustmentMethod;
  /** Whole dong: positive credits the balance, negative debits it. */
  amount: number;
  /** What the row says, in every language. */
  text: LedgerText;
  /** What the change is for, e.g. an invoice code. */
  reference: string | null;
  at: Date;
}

export interface AdjustmentRow {
  id: number;
  user_id: number;
  type: AdjustmentType;
  method: AdjustmentMethod;
  amount: number;
  balance_after: number;
  /** The Vietnamese rendering of the text below. */
  description: string;
  description_key: string;
  /** JSON of the text's parameters. */
  description_params: string;
  reference: string | null;
  created_at: string;
}

export const toBalanceAdjustment = (row: AdjustmentRow): BalanceAdjustment => ({
  id: row.id,
  type: row.type,
  method: row.method,
  amount: row.amount,
  balance_after: row.balance_after,
  description: row.description,
  description_key: row.description_key,
  description_params: JSON.parse(row.description_params) as BalanceAdjustment['description_params'],
  reference: row.reference,
  created: row.created_at,
});

/**
 * Changes the balance and writes its ledger row; answers the balance afterwards. Call it inside
 * the transaction that makes the change (a debit below zero fails the balance's CHECK).
 */
export function changeBalance(db: Db, change: BalanceChange): number {
  db.prepare('UPDATE users SET balance = balance + ? WHERE id = ?').run(
    change.amount,
    change.userId,
  );
  return writeLedgerRow(db, change);
}

const balanceOf = (db: Db, userId: number): number =>
  (db.prepare('SELECT balance FROM users WHERE id = ?').get(userId) as { balance: number }).balance;

/** The ledger row of a change already applied to the balance; answers the balance afterwards. */
function writeLedgerRow(db: Db, change: BalanceChange): number {
  const balance = balanceOf(db, change.userId);
  db.prepare(
    `INSERT INTO balance_adjustments
       (user_id, type, method, amount, balance_after, description, description_key,
        description_params, reference, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    change.userId,
    change.type,
    change.method,
    change.amount,
    balance,
    ledgerTextIn(change.text),
    change.text.key,
    JSON.stringify(change.text.params ?? {}),
    change.reference,
    change.at.toISOString(),
  );
  return balance;
}

/**
 * Debits the balance only if it covers `amount` (the guard is in the UPDATE itself) and writes the
 * ledger row; answers the balance afterwards, or undefined when the balance is short and nothing
 * changed. Call it inside the transaction that makes the change.
 */
export function debitIfCovered(
  db: Db,
  debit: Omit<BalanceChange, 'amount'> & {
    /** Whole dong taken from the balance (positive). */
    amount: number;
  },
): number | undefined {
  const covered = db
    .prepare('UPDATE users SET balance = balance - @amount WHERE id = @id AND balance >= @amount')
    .run({ amount: debit.amount, id: debit.userId });
  if (covered.changes === 0) return undefined;
  // Nothing taken (a coupon paid it all): no ledger row, which would show a payment of 0 ₫.
  if (debit.amount === 0) return balanceOf(db, debit.userId);
  return writeLedgerRow(db, { ...debit, amount: -debit.amount });
}

export interface BalancePayment {
  userId: number;
  /** What is debited: the sum of the invoice's lines. */
  amount: number;
  /** The paid invoice's lines (src/invoiceDocument.ts), a coupon's discount line included. */
  lines: readonly NewInvoiceLine[];
  /** The ledger row's text. */
  text: LedgerText;
  at: Date;
  resource?: { type: NonNullable<InvoiceRow['resource_type']>; id: number };
  orderId?: number;
}

/**
 * The trail every payment from the balance leaves: a paid invoice and the ledger row debiting it.
 * The caller checks the balance first, inside the same transaction.
 */
export function payFromBalance(
  db: Db,
  payment: BalancePayment,
): { invoice: InvoiceRow; balance: number } {
  const invoice = issueInvoice(db, {
    userId: payment.userId,
    status: 'paid',
    createdAt: payment.at,
    dueDate: payment.at,
    paidAt: payment.at,
    resource: payment.resource,
    orderId: payment.orderId,
    lines: payment.lines,
  });
  if (!invoice || invoice.amount !== payment.amount) {
    throw new Error(`The invoice of a ${payment.amount} ₫ payment was not issued for it`);
  }
  // A change that costs nothing (a smaller server) keeps its invoice, but moves no money: no
  // ledger row, which the balance history would show as a payment of 0 ₫.
  if (payment.amount === 0) return { invoice, balance: balanceOf(db, payment.userId) };
  const balance = changeBalance(db, {
    userId: payment.userId,
    type: 'payment',
    method: 'balance',
    amount: -payment.amount,
    text: payment.text,
    reference: invoiceCode(invoice),
    at: payment.at,
  });
  return { invoice, balance };
}

/** The ledger text of an order's payment: its kind and what was ordered, e.g. "web-01: 2 CPU…". */
export function orderPaymentText(order: {
  id: number;
  type: components['schemas']['OrderType'];
  info: string;
}): LedgerText {
  return {
    key: 'ledger.order_payment',
    params: { kind: { key: `orders.type.${order.type}` }, order: order.id, info: order.info },
  };
}

/**
 * The ledger text of an invoice's payment: a renewal names the resource and the day its new
 * period runs to, a trial's bill says so, any other invoice is named by its code.
 */
export function invoicePaymentText(
  db: Db,
  invoice: Pick<InvoiceRow, 'id' | 'created_at' | 'resource_type' | 'resource_id'>,
): LedgerText {
  const code = invoiceCode(invoice);
  const periods = db
    .prepare('SELECT renewal_period_end, trial_period_end FROM invoices WHERE id = ?')
    .get(invoice.id) as
    { renewal_period_end: string | null; trial_period_end: string | null } | undefined;
  if (periods?.trial_period_end) {
    return { key: 'ledger.trial_payment', params: { invoice: code } };
  }
  const renewed = invoice.resource_type === 'ip' ? null : invoice.resource_type;
  if (periods?.renewal_period_end && renewed && invoice.resource_id !== null) {
    const table = { server: 'servers', volume: 'volumes', snapshot: 'snapshots' }[renewed];
    const resource = db
      .prepare(`SELECT name FROM ${table} WHERE id = ?`)
      .get(invoice.resource_id) as { name: string } | undefined;
    return {
      key: 'ledger.renewal_payment',
      params: {
        kind: { key: `ledger.resource_kind.${renewed}` },
        name: resource?.name ?? `#${invoice.resource_id}`,
        end: lastDayPaid(periods.renewal_period_end),
        invoice: code,
      },
    };
  }
  return { key: 'ledger.invoice_payment', params: { invoice: code } };
}

export interface LedgerMismatch {
  email: string;
  balance: number;
  ledger: number;
}

/** Accounts whose balance is not the sum of their ledger rows; empty when the books balance. */
export function ledgerMismatches(db: Db): LedgerMismatch[] {
  return db
    .prepare(
      `SELECT u.email, u.balance, COALESCE(SUM(a.amount), 0) AS ledger
         FROM users u LEFT JOIN balance_adjustments a ON a.user_id = u.id
        GROUP BY u.id
       HAVING u.balance <> COALESCE(SUM(a.amount), 0)
        ORDER BY u.id`,
    )
    .all() as LedgerMismatch[];
}

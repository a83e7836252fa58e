/**
 * The balance ledger (table balance_adjustments): every change of a balance writes one row, in
 * the same transaction, so that for every account the balance is the sum of its rows. The seed
 * records each demo account's opening balance as a row of its own, so there is no other "initial"
 * amount to remember.
 */
import type { components } from '../src/api/schema';
import type { Db } from './db';
import type { InvoiceRow } from './orders';

type AdjustmentType = components['schemas']['BalanceAdjustmentType'];
type AdjustmentMethod = components['schemas']['BalanceAdjustmentMethod'];
type BalanceAdjustment = components['schemas']['BalanceAdjustment'];

export interface BalanceChange {
  userId: number;
  type: AdjustmentType;
  method: AdjustmentMethod;
  /** Whole dong: positive credits the balance, negative debits it. */
  amount: number;
  description: string;
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
  description: string;
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

/** The ledger row of a change already applied to the balance; answers the balance afterwards. */
function writeLedgerRow(db: Db, change: BalanceChange): number {
  const { balance } = db.prepare('SELECT balance FROM users WHERE id = ?').get(change.userId) as {
    balance: number;
  };
  db.prepare(
    `INSERT INTO balance_adjustments
       (user_id, type, method, amount, balance_after, description, reference, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    change.userId,
    change.type,
    change.method,
    change.amount,
    balance,
    change.description,
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
  return writeLedgerRow(db, { ...debit, amount: -debit.amount });
}

/** INV-<year>-<id>, as SQL computes it for searching (see INVOICE_CODE_SQL in orders.ts). */
export const invoiceCode = (row: Pick<InvoiceRow, 'id' | 'created_at'>) =>
  `INV-${row.created_at.slice(0, 4)}-${String(row.id).padStart(6, '0')}`;

export interface BalancePayment {
  userId: number;
  amount: number;
  description: string;
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
  const at = payment.at.toISOString();
  const invoice = db
    .prepare(
      `INSERT INTO invoices (user_id, status, amount, created_at, due_date, paid_at,
         resource_type, resource_id, order_id, description)
       VALUES (?, 'paid', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      payment.userId,
      payment.amount,
      at,
      at,
      at,
      payment.resource?.type ?? null,
      payment.resource?.id ?? null,
      payment.orderId ?? null,
      payment.description,
    ) as InvoiceRow;
  const balance = changeBalance(db, {
    userId: payment.userId,
    type: 'payment',
    method: 'balance',
    amount: -payment.amount,
    description: payment.description,
    reference: invoiceCode(invoice),
    at: payment.at,
  });
  return { invoice, balance };
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

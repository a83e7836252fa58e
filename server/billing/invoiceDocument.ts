/**
 * Invoices are documents (issue 17). Every invoice the sandbox writes is issued here, by
 * `issueInvoice`: it copies the buyer (the account's name and e-mail and its invoice info) and the
 * seller (the sandbox's configured company) into the invoice and writes its lines, so what an
 * invoice says never changes after it is issued — except that paying it with a coupon adds the
 * discount line (`addDiscountLine`), because the discount is decided when it is paid.
 *
 * A line's description is a message key with parameters (src/domain/messageText.ts), rendered in
 * the reader's language; `invoices.description` stays a Vietnamese rendering for searching.
 * Amounts include 10 % VAT; the VAT an invoice contains is worked out from its total
 * (src/domain/pricing.ts `vatContained`).
 */
import type { components } from '../../src/api/schema';
import { renderMessageText, type MessageText } from '../../src/domain/messageText';
import { vatContained } from '../../src/domain/pricing';
import type { Db } from '../platform/db';
import { translateAny } from '../platform/i18n';
import { invoiceCode, type InvoiceRow } from './orderRows';

type Invoice = components['schemas']['Invoice'];
type InvoiceLine = components['schemas']['InvoiceLine'];
export type InvoiceSeller = components['schemas']['InvoiceSeller'];
export type InvoiceBuyer = components['schemas']['InvoiceBuyer'];

/** The seller a sandbox without configuration prints: an invented company, a well-formed code. */
export const DEFAULT_SELLER: InvoiceSeller = {
  name: 'Công ty TNHH Điện toán Đám mây IDC (sandbox)',
  tax_code: '0109999999',
  address: 'Tầng 8, 18 Phố Láng Hạ, Phường Giảng Võ, Hà Nội',
};

/** Records the configured seller; invoices issued from now on copy it. */
export function recordSeller(db: Db, seller: InvoiceSeller): void {
  db.prepare(
    `INSERT INTO invoice_seller (id, name, tax_code, address) VALUES (1, @name, @tax_code, @address)
     ON CONFLICT (id) DO UPDATE SET name = @name, tax_code = @tax_code, address = @address`,
  ).run(seller);
}

function currentSeller(db: Db): InvoiceSeller {
  const row = db
    .prepare('SELECT name, tax_code, address FROM invoice_seller WHERE id = 1')
    .get() as InvoiceSeller | undefined;
  return row ?? DEFAULT_SELLER;
}

function currentBuyer(db: Db, userId: number): InvoiceBuyer {
  const row = db
    .prepare(
      `SELECT u.fullname AS name, u.email, i.company_name, i.tax_code, i.tax_address,
              i.billing_address
         FROM users u LEFT JOIN invoice_info i ON i.user_id = u.id WHERE u.id = ?`,
    )
    .get(userId) as InvoiceBuyer | undefined;
  if (!row) throw new Error(`No account ${userId} to invoice`);
  return row;
}

/** A line as it is issued. Amounts are whole dong, VAT included; a discount's are negative. */
export interface NewInvoiceLine {
  kind: 'item' | 'discount';
  text: MessageText;
  unitPrice: number;
  quantity: number;
  /** The months a line pays for, and the period (exclusive end), when it pays for one. */
  periodMonths?: number | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  couponCode?: string | null;
  amount: number;
}

export interface NewInvoice {
  userId: number;
  status: 'open' | 'paid';
  createdAt: Date;
  dueDate: Date;
  paidAt?: Date;
  resource?: { type: NonNullable<InvoiceRow['resource_type']>; id: number } | null;
  orderId?: number | null;
  /** A renewal's period end and a trial bill's end: each is unique among open invoices. */
  renewalPeriodEnd?: string | null;
  trialPeriodEnd?: string | null;
  lines: readonly NewInvoiceLine[];
  /** What lists show of it (in Vietnamese, `description`): by default its first line. */
  summary?: MessageText;
}

/** A text in Vietnamese, the language of the `description` columns. */
export const inVietnamese = (text: MessageText): string =>
  renderMessageText(text, (key, params) => translateAny('vi', key, params));

/**
 * Issues an invoice with its parties and lines; its amount is the sum of the lines. Answers
 * undefined when the renewal period or trial bill it is for already has its invoice. Call it
 * inside the transaction that causes the invoice.
 */
export function issueInvoice(db: Db, invoice: NewInvoice): InvoiceRow | undefined {
  const amount = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const summary = invoice.summary ?? invoice.lines[0]?.text;
  const parties = { buyer: currentBuyer(db, invoice.userId), seller: currentSeller(db) };
  const row = db
    .prepare(
      `INSERT INTO invoices (user_id, status, amount, created_at, due_date, paid_at, resource_type,
         resource_id, order_id, description, summary, renewal_period_end, trial_period_end,
         parties)
       VALUES (@userId, @status, @amount, @createdAt, @dueDate, @paidAt, @resourceType,
         @resourceId, @orderId, @description, @summary, @renewalPeriodEnd, @trialPeriodEnd,
         @parties)
       ON CONFLICT DO NOTHING
       RETURNING *`,
    )
    .get({
      userId: invoice.userId,
      status: invoice.status,
      amount,
      createdAt: invoice.createdAt.toISOString(),
      dueDate: invoice.dueDate.toISOString(),
      paidAt: invoice.paidAt?.toISOString() ?? null,
      resourceType: invoice.resource?.type ?? null,
      resourceId: invoice.resource?.id ?? null,
      orderId: invoice.orderId ?? null,
      description: summary ? inVietnamese(summary) : '',
      summary: summary ? JSON.stringify(summary) : null,
      renewalPeriodEnd: invoice.renewalPeriodEnd ?? null,
      trialPeriodEnd: invoice.trialPeriodEnd ?? null,
      parties: JSON.stringify(parties),
    }) as InvoiceRow | undefined;
  if (!row) return undefined;
  invoice.lines.forEach((line, index) => insertLine(db, row.id, index + 1, line));
  return row;
}

function insertLine(db: Db, invoiceId: number, position: number, line: NewInvoiceLine): void {
  db.prepare(
    `INSERT INTO invoice_lines (invoice_id, position, kind, text_key, text_params, unit_price,
       quantity, period_months, period_start, period_end, coupon_code, amount)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    invoiceId,
    position,
    line.kind,
    line.text.key,
    JSON.stringify(line.text.params ?? {}),
    line.unitPrice,
    line.quantity,
    line.periodMonths ?? null,
    line.periodStart ?? null,
    line.periodEnd ?? null,
    line.couponCode ?? null,
    line.amount,
  );
}

/** The discount line of a coupon taking `discount` dong off. */
export const discountLine = (couponCode: string, discount: number): NewInvoiceLine => ({
  kind: 'discount',
  text: { key: 'invoice_document.line.discount', params: { code: couponCode } },
  unitPrice: -discount,
  quantity: 1,
  couponCode,
  amount: -discount,
});

/**
 * Paying an open invoice with a coupon: its discount becomes a line and the invoice's amount what
 * was paid. Call it inside the transaction that pays the invoice.
 */
export function addDiscountLine(
  db: Db,
  invoice: InvoiceRow,
  couponCode: string,
  discount: number,
): InvoiceRow {
  if (discount <= 0) return invoice;
  const { position } = db
    .prepare(
      'SELECT COALESCE(MAX(position), 0) + 1 AS position FROM invoice_lines WHERE invoice_id = ?',
    )
    .get(invoice.id) as { position: number };
  insertLine(db, invoice.id, position, discountLine(couponCode, discount));
  return db
    .prepare('UPDATE invoices SET amount = amount - ? WHERE id = ? RETURNING *')
    .get(discount, invoice.id) as InvoiceRow;
}

interface LineRow {
  kind: 'item' | 'discount';
  text_key: string;
  text_params: string;
  unit_price: number;
  quantity: number;
  period_months: number | null;
  period_start: string | null;
  period_end: string | null;
  coupon_code: string | null;
  amount: number;
}

const toLine = (row: LineRow): InvoiceLine => {
  const text = {
    key: row.text_key,
    params: JSON.parse(row.text_params) as NonNullable<InvoiceLine['text']['params']>,
  };
  return {
    kind: row.kind,
    text,
    description: inVietnamese(text),
    unit_price: row.unit_price,
    quantity: row.quantity,
    period_months: row.period_months,
    period_start: row.period_start,
    period_end: row.period_end,
    coupon_code: row.coupon_code,
    amount: row.amount,
  };
};

function linesOf(db: Db, invoiceId: number): InvoiceLine[] {
  return (
    db
      .prepare(
        `SELECT kind, text_key, text_params, unit_price, quantity, period_months, period_start,
                period_end, coupon_code, amount
           FROM invoice_lines WHERE invoice_id = ? ORDER BY position`,
      )
      .all(invoiceId) as LineRow[]
  ).map(toLine);
}

/** The invoice as the contract shows it: the row, the parties it copied, its lines and totals. */
export function toInvoice(db: Db, row: InvoiceRow): Invoice {
  const code = invoiceCode(row);
  const lines = linesOf(db, row.id);
  const parties = JSON.parse(row.parties ?? '{}') as {
    buyer?: InvoiceBuyer;
    seller?: InvoiceSeller;
  };
  // The amount is the sum of the lines: the items less the discounts.
  const discount = -lines
    .filter((line) => line.kind === 'discount')
    .reduce((sum, line) => sum + line.amount, 0);
  const subtotal = row.amount + discount;
  const discountLineRow = lines.find((line) => line.kind === 'discount');
  const vat = vatContained(row.amount);
  return {
    id: row.id,
    code,
    status: row.status,
    amount: row.amount,
    created: row.created_at,
    due_date: row.due_date,
    paid_at: row.paid_at,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    order_id: row.order_id,
    description: row.description,
    ...(row.summary !== null && { summary: JSON.parse(row.summary) as InvoiceLine['text'] }),
    buyer: parties.buyer ?? UNKNOWN_BUYER,
    seller: parties.seller ?? DEFAULT_SELLER,
    lines,
    subtotal,
    discount,
    total: row.amount,
    vat,
    total_before_vat: row.amount - vat,
    amount_paid: row.status === 'paid' ? row.amount : 0,
    payment:
      row.status === 'paid'
        ? {
            method: 'balance',
            coupon_code: discountLineRow?.coupon_code ?? null,
            reference: code,
          }
        : null,
  };
}

/** Only a row written outside issueInvoice lacks its parties; the migration filled the old ones. */
const UNKNOWN_BUYER: InvoiceBuyer = {
  name: '',
  email: '',
  company_name: null,
  tax_code: null,
  tax_address: null,
  billing_address: null,
};

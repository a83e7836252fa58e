/**
 * The billing mails (invoices, suspension, receipts), in the recipient's language alone once it
 * is known (platform/mails.ts `rememberMailLocale`).
 */
import type { Locale } from '../../src/domain/constants';
import { formatDate, formatDateTime } from '../../src/domain/dates';
import { renderMessageText, type MessageParams } from '../../src/domain/messageText';
import { groupThousands } from '../../src/domain/money';
import type { Db } from '../platform/db';
import { translateAny, translator, type MessageKey } from '../platform/i18n';
import { sendInRecipientsLanguage, type Recipient, greetingName } from '../platform/mails';
import { invoiceCode } from './orderRows';

/** An invoice as the billing mails name it; amounts and dates as the portal shows them. */
export interface MailedInvoice {
  id: number;
  created_at: string;
  /** What is owed: the sum of its lines, a discount included. */
  amount: number;
  due_date: string;
}

/** The invoice's lines (table invoice_lines, keyed texts) in one language, one after another. */
function invoiceLinesIn(db: Db, invoiceId: number, locale: Locale): string {
  const rows = db
    .prepare(
      'SELECT text_key, text_params FROM invoice_lines WHERE invoice_id = ? ORDER BY position',
    )
    .all(invoiceId) as { text_key: string; text_params: string }[];
  return rows
    .map((row) =>
      renderMessageText(
        { key: row.text_key, params: JSON.parse(row.text_params) as MessageParams },
        (key, params) => translateAny(locale, key, params),
      ),
    )
    .join('; ');
}

function invoiceParams(db: Db, to: Recipient, invoice: MailedInvoice) {
  return (locale: Locale) => ({
    name: greetingName(to),
    code: invoiceCode(invoice),
    amount: groupThousands(invoice.amount),
    due: formatDate(invoice.due_date),
    description: invoiceLinesIn(db, invoice.id, locale),
  });
}

/** Sends an invoice's mail, `extra` parameters added to the invoice's own. */
function sendInvoiceMail(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  subjectKey: MessageKey,
  textKey: MessageKey,
  extra: Record<string, unknown>,
  now: Date,
): void {
  const params = invoiceParams(db, to, invoice);
  sendInRecipientsLanguage(
    db,
    to.email,
    subjectKey,
    textKey,
    (locale) => ({ ...params(locale), ...extra }),
    now,
  );
}

/** A renewal (or the bill that ends a trial) was issued. */
export function mailInvoiceIssued(
  db: Db,
  to: Recipient & { auto_pay_renewals: 0 | 1; balance: number },
  invoice: MailedInvoice,
  now: Date,
): void {
  const text = to.auto_pay_renewals
    ? 'server.mail.invoice_issued_autopay_text'
    : 'server.mail.invoice_issued_manual_text';
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.invoice_issued_subject',
    text,
    { balance: groupThousands(to.balance) },
    now,
  );
}

/** The invoice was paid from the balance on its due date. */
export function mailInvoiceAutoPaid(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  paid: { total: number; balance: number },
  now: Date,
): void {
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.invoice_paid_subject',
    'server.mail.invoice_paid_text',
    { paid: groupThousands(paid.total), balance: groupThousands(paid.balance) },
    now,
  );
}

/** The due date is near and the balance would not pay the invoice. */
export function mailInvoiceReminder(
  db: Db,
  to: Recipient & { balance: number },
  invoice: MailedInvoice,
  now: Date,
): void {
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.invoice_reminder_subject',
    'server.mail.invoice_reminder_text',
    { balance: groupThousands(to.balance) },
    now,
  );
}

/** The due date passed unpaid: new actions are blocked, and suspension follows on `suspendOn`. */
export function mailInvoiceOverdue(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  suspendOn: Date | null,
  now: Date,
): void {
  const text = suspendOn
    ? 'server.mail.invoice_overdue_text'
    : 'server.mail.invoice_overdue_whitelisted_text';
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.invoice_overdue_subject',
    text,
    { suspend: suspendOn ? formatDate(suspendOn) : '' },
    now,
  );
}

/** A snapshot's renewal is overdue: nothing runs on a snapshot, so it is deleted on `deleteOn`. */
export function mailSnapshotInvoiceOverdue(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  deleteOn: Date,
  now: Date,
): void {
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.invoice_overdue_subject',
    'server.mail.invoice_overdue_snapshot_text',
    { delete: formatDate(deleteOn) },
    now,
  );
}

/** Resources suspended for the unpaid invoice; they are terminated on `terminateOn`. */
export function mailResourcesSuspended(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  resources: string[],
  terminateOn: Date,
  now: Date,
): void {
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.suspended_subject',
    'server.mail.suspended_text',
    { resources: resources.join(', '), terminate: formatDate(terminateOn) },
    now,
  );
}

/** Resources running again because the invoice that suspended them was paid. */
export function mailResourceResumed(db: Db, to: Recipient, resources: string[], now: Date): void {
  const params = { name: greetingName(to), resources: resources.join(', ') };
  sendInRecipientsLanguage(
    db,
    to.email,
    'server.mail.resumed_subject',
    'server.mail.resumed_text',
    () => params,
    now,
  );
}

/** Resources deleted long after the invoice's due date; the invoice is cancelled. */
export function mailResourcesTerminated(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  resources: string[],
  now: Date,
): void {
  sendInvoiceMail(
    db,
    to,
    invoice,
    'server.mail.terminated_subject',
    'server.mail.terminated_text',
    { resources: resources.join(', ') },
    now,
  );
}

/** A credit to the balance from a top-up or a gift code, as its receipt names it. */
export interface CreditReceipt {
  userId: number;
  method: 'card' | 'paypal' | 'bank_transfer' | 'coupon';
  /** Whole dong credited. */
  amount: number;
  /** Our reference: the one Payments and the balance history show (a gift code's code). */
  reference: string;
  balanceAfter: number;
  at: Date;
}

/**
 * The receipt of a credit. Call it inside the transaction that credits, in the branch that
 * credits for the first time, so that a replayed answer never mails a second receipt.
 */
export function mailCreditReceipt(db: Db, credit: CreditReceipt): void {
  const user = db.prepare('SELECT email, fullname FROM users WHERE id = ?').get(credit.userId) as
    Recipient | undefined;
  if (!user) return;
  sendInRecipientsLanguage(
    db,
    user.email,
    'server.mail.receipt.subject',
    'server.mail.receipt.text',
    (locale) => ({
      name: user.fullname,
      amount: groupThousands(credit.amount),
      method: translator(locale)(`server.mail.receipt.method.${credit.method}`),
      reference: credit.reference,
      date: formatDateTime(credit.at),
      balance: groupThousands(credit.balanceAfter),
    }),
    credit.at,
  );
}

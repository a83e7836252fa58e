/** The mails the sandbox sends, in Vietnamese followed by English. */
import { formatDate } from '../src/domain/dates';
import { groupThousands } from '../src/domain/money';
import type { Db } from './db';
import { EMAIL_TOKEN_TTL_MS } from './emailTokens';
import { bilingual, type MessageKey } from './i18n';
import { OTP_TTL_MS } from './otpCodes';
import { invoiceCode } from './ledger';
import { sendMail } from './outbox';

interface Recipient {
  email: string;
  fullname: string;
}

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export function confirmationLink(origin: string, token: string): string {
  return `${origin}/idc/confirm?token=${encodeURIComponent(token)}`;
}

export function passwordResetLink(origin: string, token: string): string {
  return `${origin}/idc/password_resets?token=${encodeURIComponent(token)}`;
}

export function mailConfirmation(db: Db, to: Recipient, link: string, now: Date): void {
  const params = { name: to.fullname, hours: EMAIL_TOKEN_TTL_MS.confirm / HOUR_MS };
  send(db, to.email, 'server.mail.confirm_subject', 'server.mail.confirm_text', params, link, now);
}

export function mailPasswordReset(db: Db, to: Recipient, link: string, now: Date): void {
  const params = { name: to.fullname, minutes: EMAIL_TOKEN_TTL_MS.reset / MINUTE_MS };
  send(db, to.email, 'server.mail.reset_subject', 'server.mail.reset_text', params, link, now);
}

export function mailOtp(db: Db, to: Recipient, code: string, now: Date): void {
  const params = { name: to.fullname, code, minutes: OTP_TTL_MS / MINUTE_MS };
  send(db, to.email, 'server.mail.otp_subject', 'server.mail.otp_text', params, undefined, now);
}

/** There is no SMS gateway: the text goes to the outbox, addressed to the account's e-mail. */
export function mailSmsOtp(db: Db, to: Recipient, phone: string, code: string, now: Date): void {
  const params = { phone, code, minutes: OTP_TTL_MS / MINUTE_MS };
  send(db, to.email, 'server.mail.sms_subject', 'server.mail.sms_text', params, undefined, now);
}

/** A server's administrator password, generated at build or by a password reset. */
export function mailServerPassword(
  db: Db,
  to: Recipient,
  server: { name: string; address: string },
  password: string,
  now: Date,
): void {
  const params = { name: to.fullname, server: server.name, address: server.address, password };
  send(
    db,
    to.email,
    'server.mail.server_password_subject',
    'server.mail.server_password_text',
    params,
    undefined,
    now,
  );
}

/**
 * The private key of a generated SSH key pair, mailed once: the sandbox keeps only the public key.
 * The key follows the explanation, once, after both languages.
 */
export function mailGeneratedSshKey(
  db: Db,
  to: Recipient,
  key: { name: string; fingerprint: string },
  privateKey: string,
  now: Date,
): void {
  const params = { name: to.fullname, key: key.name, fingerprint: key.fingerprint };
  const subject = bilingual('server.mail.ssh_key_subject', params).join(' / ');
  const text = [...bilingual('server.mail.ssh_key_text', params), privateKey.trim()].join('\n\n');
  sendMail(db, { to: to.email, subject, text }, now);
}

function send(
  db: Db,
  to: string,
  subjectKey: MessageKey,
  textKey: MessageKey,
  params: Record<string, unknown>,
  link: string | undefined,
  now: Date,
): void {
  const subject = bilingual(subjectKey, params).join(' / ');
  const paragraphs = bilingual(textKey, params);
  const text = [...paragraphs, ...(link ? [link] : [])].join('\n\n');
  sendMail(db, { to, subject, text }, now);
}

/** An invoice as the billing mails name it; amounts and dates as the portal shows them. */
export interface MailedInvoice {
  id: number;
  created_at: string;
  amount: number;
  due_date: string;
  description: string;
}

function invoiceParams(to: Recipient, invoice: MailedInvoice) {
  return {
    name: to.fullname,
    code: invoiceCode(invoice),
    amount: groupThousands(invoice.amount),
    due: formatDate(invoice.due_date),
    description: invoice.description,
  };
}

/** A renewal (or the bill that ends a trial) was issued. */
export function mailInvoiceIssued(
  db: Db,
  to: Recipient & { auto_pay_renewals: 0 | 1; balance: number },
  invoice: MailedInvoice,
  now: Date,
): void {
  const params = { ...invoiceParams(to, invoice), balance: groupThousands(to.balance) };
  const text = to.auto_pay_renewals
    ? 'server.mail.invoice_issued_autopay_text'
    : 'server.mail.invoice_issued_manual_text';
  send(db, to.email, 'server.mail.invoice_issued_subject', text, params, undefined, now);
}

/** The invoice was paid from the balance on its due date. */
export function mailInvoiceAutoPaid(
  db: Db,
  to: Recipient,
  invoice: MailedInvoice,
  paid: { total: number; balance: number },
  now: Date,
): void {
  const params = {
    ...invoiceParams(to, invoice),
    paid: groupThousands(paid.total),
    balance: groupThousands(paid.balance),
  };
  send(
    db,
    to.email,
    'server.mail.invoice_paid_subject',
    'server.mail.invoice_paid_text',
    params,
    undefined,
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
  const params = { ...invoiceParams(to, invoice), balance: groupThousands(to.balance) };
  send(
    db,
    to.email,
    'server.mail.invoice_reminder_subject',
    'server.mail.invoice_reminder_text',
    params,
    undefined,
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
  const params = {
    ...invoiceParams(to, invoice),
    suspend: suspendOn ? formatDate(suspendOn) : '',
  };
  const text = suspendOn
    ? 'server.mail.invoice_overdue_text'
    : 'server.mail.invoice_overdue_whitelisted_text';
  send(db, to.email, 'server.mail.invoice_overdue_subject', text, params, undefined, now);
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
  const params = {
    ...invoiceParams(to, invoice),
    resources: resources.join(', '),
    terminate: formatDate(terminateOn),
  };
  send(
    db,
    to.email,
    'server.mail.suspended_subject',
    'server.mail.suspended_text',
    params,
    undefined,
    now,
  );
}

/** Resources running again because the invoice that suspended them was paid. */
export function mailResourceResumed(db: Db, to: Recipient, resources: string[], now: Date): void {
  const params = { name: to.fullname, resources: resources.join(', ') };
  send(
    db,
    to.email,
    'server.mail.resumed_subject',
    'server.mail.resumed_text',
    params,
    undefined,
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
  const params = { ...invoiceParams(to, invoice), resources: resources.join(', ') };
  send(
    db,
    to.email,
    'server.mail.terminated_subject',
    'server.mail.terminated_text',
    params,
    undefined,
    now,
  );
}

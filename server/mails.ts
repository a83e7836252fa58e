/** The mails the sandbox sends, in Vietnamese followed by English. */
import type { Db } from './db';
import { EMAIL_TOKEN_TTL_MS } from './emailTokens';
import { bilingual, type MessageKey } from './i18n';
import { OTP_TTL_MS } from './otpCodes';
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

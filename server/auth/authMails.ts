/** The mails of signing up and signing in: confirmation and reset links, one-time codes. */
import type { Db } from '../platform/db';
import { HOUR_MS, MINUTE_MS, send, type Recipient, greetingName } from '../platform/mails';
import { EMAIL_TOKEN_TTL_MS } from './emailTokens';
import { OTP_TTL_MS } from './otpCodes';

export function confirmationLink(origin: string, token: string): string {
  return `${origin}/idc/confirm?token=${encodeURIComponent(token)}`;
}

export function passwordResetLink(origin: string, token: string): string {
  return `${origin}/idc/password_resets?token=${encodeURIComponent(token)}`;
}

/**
 * The link that confirms a new account's address. An account an agency created says so, and
 * that the agency chose its first password, which the customer should change.
 */
export function mailConfirmation(
  db: Db,
  to: Recipient,
  link: string,
  now: Date,
  createdByAgency?: string,
): void {
  const params = {
    name: greetingName(to),
    hours: EMAIL_TOKEN_TTL_MS.confirm / HOUR_MS,
    agency: createdByAgency,
  };
  const text = createdByAgency ? 'server.mail.confirm_agency_text' : 'server.mail.confirm_text';
  send(db, to.email, 'server.mail.confirm_subject', text, params, link, now);
}

export function mailPasswordReset(db: Db, to: Recipient, link: string, now: Date): void {
  const params = { name: greetingName(to), minutes: EMAIL_TOKEN_TTL_MS.reset / MINUTE_MS };
  send(db, to.email, 'server.mail.reset_subject', 'server.mail.reset_text', params, link, now);
}

export function mailOtp(db: Db, to: Recipient, code: string, now: Date): void {
  const params = { name: greetingName(to), code, minutes: OTP_TTL_MS / MINUTE_MS };
  send(db, to.email, 'server.mail.otp_subject', 'server.mail.otp_text', params, undefined, now);
}

/** There is no SMS gateway: the text goes to the outbox, addressed to the account's e-mail. */
export function mailSmsOtp(db: Db, to: Recipient, phone: string, code: string, now: Date): void {
  const params = { phone, code, minutes: OTP_TTL_MS / MINUTE_MS };
  send(db, to.email, 'server.mail.sms_subject', 'server.mail.sms_text', params, undefined, now);
}

/**
 * What changed in how the account signs in, told to its owner: whoever made the change (a
 * browser left signed in, someone who learnt the password) cannot keep it from them.
 */
export type SecurityChange =
  'two_factor_on' | 'two_factor_off' | 'recovery_codes_renewed' | 'password_changed';

const SECURITY_MAILS = {
  two_factor_on: [
    'server.mail.security_two_factor_on_subject',
    'server.mail.security_two_factor_on_text',
  ],
  two_factor_off: [
    'server.mail.security_two_factor_off_subject',
    'server.mail.security_two_factor_off_text',
  ],
  recovery_codes_renewed: [
    'server.mail.security_recovery_codes_renewed_subject',
    'server.mail.security_recovery_codes_renewed_text',
  ],
  password_changed: [
    'server.mail.security_password_changed_subject',
    'server.mail.security_password_changed_text',
  ],
} as const;

export function mailSecurityChange(db: Db, to: Recipient, change: SecurityChange, now: Date): void {
  const [subject, text] = SECURITY_MAILS[change];
  send(db, to.email, subject, text, { name: greetingName(to), email: to.email }, undefined, now);
}

/**
 * The plumbing of the mails the sandbox sends: every mail to an account is in the language the
 * account last used the portal in (`rememberMailLocale`), and in Vietnamese followed by English
 * while that is not known (a new account, an address no account has). Each area writes its own
 * mails with these (auth/authMails.ts, billing/billingMails.ts, compute/serverMails.ts,
 * keys/keyMails.ts).
 */
import type { Locale } from '../../src/domain/constants';
import type { Db } from './db';
import { translator, type MessageKey } from './i18n';
import { sendMail } from './outbox';

/** Whom a mail goes to. */
export interface Recipient {
  email: string;
  fullname: string;
  email_verified: 0 | 1;
}

/**
 * What a mail calls its recipient ("Xin chào …,"): the account's name once the address is
 * confirmed as the account holder's, the address itself before. Anyone can sign up with someone
 * else's address, and a "name" such as "your account is locked, open http://…" would otherwise
 * reach that person in the provider's own mail.
 */
export function greetingName(to: Recipient): string {
  return to.email_verified ? to.fullname : to.email;
}

export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** A mail in the recipient's language(s); `after` (a link, a key) follows the text once. */
export function send(
  db: Db,
  to: string,
  subjectKey: MessageKey,
  textKey: MessageKey,
  params: Record<string, unknown>,
  after: string | undefined,
  now: Date,
): void {
  const locales = localesOf(db, to);
  const subject = locales.map((locale) => translator(locale)(subjectKey, params)).join(' / ');
  const paragraphs = locales.map((locale) => translator(locale)(textKey, params));
  const text = [...paragraphs, ...(after ? [after] : [])].join('\n\n');
  sendMail(db, { to, subject, text }, now);
}

/** Remembers the language an account uses the portal in (its requests' Accept-Language). */
export function rememberMailLocale(db: Db, userId: number, locale: Locale): void {
  db.prepare('UPDATE users SET locale = ? WHERE id = ? AND locale IS NOT ?').run(
    locale,
    userId,
    locale,
  );
}

/** The recipient's language, or both (Vietnamese first) while the account's is not known. */
function localesOf(db: Db, email: string): Locale[] {
  const row = db.prepare('SELECT locale FROM users WHERE email = ?').get(email) as
    { locale: Locale | null } | undefined;
  return row?.locale ? [row.locale] : ['vi', 'en'];
}

/** A mail whose parameters are rendered in its language too (amounts, dates: billing's). */
export function sendInRecipientsLanguage(
  db: Db,
  to: string,
  subjectKey: MessageKey,
  textKey: MessageKey,
  params: (locale: Locale) => Record<string, unknown>,
  now: Date,
): void {
  const locales = localesOf(db, to);
  const subject = locales.map((locale) => translator(locale)(subjectKey, params(locale)));
  const text = locales.map((locale) => translator(locale)(textKey, params(locale)));
  sendMail(db, { to, subject: subject.join(' / '), text: text.join('\n\n') }, now);
}

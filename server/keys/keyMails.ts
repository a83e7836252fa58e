/** The mail of a generated SSH key pair. */
import type { Db } from '../platform/db';
import { bilingual } from '../platform/i18n';
import { type Recipient, greetingName } from '../platform/mails';
import { sendMail } from '../platform/outbox';

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
  const params = { name: greetingName(to), key: key.name, fingerprint: key.fingerprint };
  const subject = bilingual('server.mail.ssh_key_subject', params).join(' / ');
  const text = [...bilingual('server.mail.ssh_key_text', params), privateKey.trim()].join('\n\n');
  sendMail(db, { to: to.email, subject, text }, now);
}

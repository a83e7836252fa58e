/** The mail of a generated SSH key pair. */
import type { Db } from '../platform/db';
import { type Recipient, greetingName, send } from '../platform/mails';

/**
 * The private key of a generated SSH key pair, mailed once: the sandbox keeps only the public key.
 * The key follows the explanation, once, in the account's language (or after both languages).
 */
export function mailGeneratedSshKey(
  db: Db,
  to: Recipient,
  key: { name: string; fingerprint: string },
  privateKey: string,
  now: Date,
): void {
  const params = { name: greetingName(to), key: key.name, fingerprint: key.fingerprint };
  send(
    db,
    to.email,
    'server.mail.ssh_key_subject',
    'server.mail.ssh_key_text',
    params,
    privateKey.trim(),
    now,
  );
}

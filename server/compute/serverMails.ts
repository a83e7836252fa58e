/** The mail of a server's administrator password. */
import type { Db } from '../platform/db';
import { send, type Recipient, greetingName } from '../platform/mails';

/** A server's administrator password, generated at build or by a password reset. */
export function mailServerPassword(
  db: Db,
  to: Recipient,
  server: { name: string; address: string },
  password: string,
  now: Date,
): void {
  const params = { name: greetingName(to), server: server.name, address: server.address, password };
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

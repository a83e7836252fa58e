/**
 * The root password each simulated server would keep in its /etc/shadow, so the sandbox's serial
 * console (consoleSession.ts) can sign a customer in with it. Only a salted scrypt hash is kept,
 * in the shape `platform/secrets.ts` checks. Written wherever the sandbox sets a server's root
 * password: the build (a generated, mailed one), a password reset and a rebuild. A server built
 * with an SSH key only has none, and its console refuses every password, as a real one would.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import type { Db } from '../platform/db';
import { verifyAgainstDecoy, verifyPassword } from '../platform/secrets';

// Cheaper than the accounts' hashes (secrets.ts): it is written inside the build and reset
// transactions, synchronously, and stands for a hash on the customer's own machine.
const COST = { N: 4096, r: 8, p: 1, keyLength: 32 };

export const CONSOLE_PASSWORD_MIGRATION = {
  name: 'compute:server_root_passwords',
  sql: `
    CREATE TABLE server_root_passwords (
      server_id INTEGER PRIMARY KEY REFERENCES servers (id) ON DELETE CASCADE,
      hash TEXT NOT NULL,
      set_at TEXT NOT NULL
    ) STRICT;
  `,
};

/** Keeps the hash of the server's new root password (replacing the old one). */
export function recordRootPassword(db: Db, serverId: number, password: string, now: Date): void {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, COST.keyLength, {
    N: COST.N,
    r: COST.r,
    p: COST.p,
  });
  const stored = [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
  db.prepare(
    `INSERT INTO server_root_passwords (server_id, hash, set_at) VALUES (?, ?, ?)
     ON CONFLICT (server_id) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at`,
  ).run(serverId, stored, now.toISOString());
}

/**
 * Whether `password` is the server's root password, compared in constant time. A server without
 * one spends as long on a decoy, so the console does not tell the two apart by timing.
 */
export async function isRootPassword(db: Db, serverId: number, password: string): Promise<boolean> {
  const stored = db
    .prepare('SELECT hash FROM server_root_passwords WHERE server_id = ?')
    .pluck()
    .get(serverId) as string | undefined;
  if (stored === undefined) return verifyAgainstDecoy(password);
  return verifyPassword(password, stored);
}

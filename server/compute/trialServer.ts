/**
 * The start of a trial (billing/trial.ts bills its end): the account's trial dates and its trial
 * server, built at once and without a paid period.
 */
import type { Db } from '../platform/db';
import { createServer } from './servers';

export const TRIAL_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** §9 defaults for a trial: 1 CPU, 1 GB RAM, 10 GB SSD, monthly, in Hà Nội (on Ubuntu 22.04). */
export const TRIAL_SERVER = {
  cpu: 1,
  ram: 1,
  disk: 10,
  diskType: 'SSD',
  interval: 1,
  datacenter: 'HN',
  imageId: 1,
} as const;

/**
 * Starts a trial of TRIAL_DAYS at `start` for the account, with a built trial server named
 * `serverName`. Call it inside a transaction.
 */
export function startTrial(db: Db, userId: number, serverName: string, start: Date): void {
  const end = new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
  db.prepare('UPDATE users SET trial_start = ?, trial_end = ? WHERE id = ?').run(
    start.toISOString(),
    end.toISOString(),
    userId,
  );
  const { id } = createServer(
    db,
    {
      userId,
      name: serverName,
      ...TRIAL_SERVER,
      keyName: null,
      expiry: end.toISOString(),
      extraIpv4: 0,
      ipv6: 0,
    },
    start,
    0,
    true,
  );
  // A trial resource has no paid period until the upgrade gives it one.
  db.prepare('UPDATE servers SET expiry = NULL WHERE id = ?').run(id);
}

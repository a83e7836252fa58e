/**
 * Trials (spec §1, §9): a trial account gets real resources — a server on the §9 trial defaults —
 * for seven days without a paid period (`expiry` NULL). Upgrading pays for them from today to the
 * end of the month, as any invoice is paid, and gives them that paid period.
 */
import { groupThousands } from '../src/domain/money';
import { formatDate } from '../src/domain/dates';
import type { Db } from './db';
import { ApiError, badRequest } from './errors';
import { translator } from './i18n';
import { payOpenInvoice } from './invoices';
import type { InvoiceRow } from './orders';
import { createServer } from './servers';
import { pricedTrialResources, trialTotal, type PricedTrialResource } from './trialPackages';
import { findUserById } from './users';

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

/** The upgrade's invoice text, stored in Vietnamese like every invoice the sandbox writes. */
function upgradeDescription(resources: readonly PricedTrialResource[]): string {
  const [first] = resources;
  const lastDay = first ? new Date(first.end.getTime() - 1) : undefined;
  return translator('vi')('server.trial_upgrade_invoice', {
    resources: resources.map((item) => item.name).join(', '),
    start: first ? formatDate(first.start) : '',
    end: lastDay ? formatDate(lastDay) : '',
  });
}

export interface TrialUpgrade {
  /** What was taken from the balance. */
  total: number;
  /** The paid invoice, or undefined when the trial had nothing left to pay for. */
  invoice: InvoiceRow | undefined;
}

/**
 * Upgrades the account in one transaction: issues an open invoice for its trial resources priced
 * now, pays it through `payOpenInvoice` (the path every invoice payment takes: the balance debit
 * and its ledger row), cancels the open invoices of those resources that the upgrade supersedes
 * (a renewal issued when the trial ended), gives the resources the paid period and ends the trial.
 * 400 when the account is not on a trial (also the second of two upgrades at once); 402 when the
 * balance is short, and then nothing has changed — no invoice is left open, since the upgrade's
 * price is only good for today.
 */
export function upgradeTrial(db: Db, userId: number, now: Date): TrialUpgrade {
  return db.transaction((): TrialUpgrade => {
    const user = findUserById(db, userId);
    if (!user || user.trial_start === null) throw badRequest('server.not_on_trial');
    const resources = pricedTrialResources(db, userId, now);
    const total = trialTotal(resources);
    if (user.balance < total) {
      throw new ApiError(402, 'server.insufficient_balance', {
        amount: groupThousands(total),
        balance: groupThousands(user.balance),
      });
    }
    let invoice: InvoiceRow | undefined;
    if (resources.length > 0) {
      const issued = db
        .prepare(
          `INSERT INTO invoices (user_id, status, amount, created_at, due_date, description)
           VALUES (?, 'open', ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          userId,
          total,
          now.toISOString(),
          now.toISOString(),
          upgradeDescription(resources),
        ) as {
        id: number;
      };
      invoice = payOpenInvoice(db, userId, issued.id, undefined, now).invoice;
      for (const resource of resources) supersede(db, userId, resource);
    }
    db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(userId);
    return { total, invoice };
  })();
}

/** The resource is paid until the end of the upgrade's period; its open invoices are void. */
function supersede(db: Db, userId: number, resource: PricedTrialResource): void {
  db.prepare(
    `UPDATE invoices SET status = 'cancelled'
      WHERE user_id = ? AND status = 'open' AND resource_type = ? AND resource_id = ?`,
  ).run(userId, resource.resourceType, resource.resourceId);
  const end = resource.end.toISOString();
  // An extra address follows its server's period.
  if (resource.resourceType === 'server') {
    db.prepare('UPDATE servers SET expiry = ? WHERE id = ? AND user_id = ?').run(
      end,
      resource.resourceId,
      userId,
    );
  } else if (resource.resourceType === 'volume') {
    db.prepare('UPDATE volumes SET expiry = ? WHERE id = ? AND user_id = ?').run(
      end,
      resource.resourceId,
      userId,
    );
  }
}

/** Demo accounts, created when the database has no users yet. Every password is Demo@12345. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { formatDate } from '../src/domain/dates';
import { vietnamMonthStartAfter } from '../src/domain/pricing';
import type { Db } from './db';
import { changeBalance } from './ledger';
import { hashPassword } from './secrets';
import { createServer } from './servers';
import { startTrial } from './trial';
import { pricedTrialResources } from './trialPackages';

export const DEMO_PASSWORD = 'Demo@12345';

const DAY_MS = 24 * 60 * 60 * 1000;

dayjs.extend(utc);

interface DemoAccount {
  email: string;
  fullname: string;
  phone: string;
  formatted_phone: string;
  /** What the account is for, shown on the sandbox page. */
  purpose: string;
  email_verified?: boolean;
  is_agency?: boolean;
  is_in_whitelist?: boolean;
  balance?: number;
  /**
   * A trial (TRIAL_DAYS long) that started `startDays` from now, with its trial server. With
   * `renewalOverdue`, the trial has ended and the renewal of the trial server issued at its end
   * (one month at the catalog price, due that day) is unpaid.
   */
  trial?: { startDays: number; server: string; renewalOverdue?: boolean };
  overdueInvoice?: { amount: number; description: string };
  /** Servers already built (Ubuntu 22.04 in Hà Nội, SSD), paid until the end of this month. */
  servers?: { name: string; cpu: number; ram: number; disk: number }[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'demo@example.vn',
    fullname: 'Nguyễn Văn Demo',
    phone: '+84912345601',
    formatted_phone: '0912 345 601',
    purpose: 'Verified customer with a balance of 5.000.000 ₫',
    email_verified: true,
    balance: 5_000_000,
  },
  {
    email: 'agency@example.vn',
    fullname: 'Trần Thị Đại Lý',
    phone: '+84912345602',
    formatted_phone: '0912 345 602',
    purpose: 'Agency account with one running server',
    email_verified: true,
    is_agency: true,
    balance: 2_000_000,
    servers: [{ name: 'agency-web-01', cpu: 2, ram: 4, disk: 40 }],
  },
  {
    email: 'trial@example.vn',
    fullname: 'Lê Văn Dùng Thử',
    phone: '+84912345603',
    formatted_phone: '0912 345 603',
    // No balance: at §9 prices the rest of a month can cost anything from a few thousand dong to
    // a whole month's price, so only an empty balance is short of the upgrade on every day.
    purpose:
      'Running trial (ends in 5 days) with its trial server; no balance, so the upgrade needs a top-up',
    email_verified: true,
    trial: { startDays: -2, server: 'vps-dung-thu-01' },
  },
  {
    email: 'expired@example.vn',
    fullname: 'Phạm Thị Hết Hạn',
    phone: '+84912345604',
    formatted_phone: '0912 345 604',
    purpose: 'Trial ended yesterday; the renewal of its trial server is overdue',
    email_verified: true,
    trial: { startDays: -8, server: 'vps-het-han-01', renewalOverdue: true },
  },
  {
    email: 'unverified@example.vn',
    fullname: 'Hoàng Văn Chưa Xác Thực',
    phone: '+84912345605',
    formatted_phone: '0912 345 605',
    purpose: 'E-mail not confirmed yet (held at /verify)',
  },
  {
    email: 'whitelist@example.vn',
    fullname: 'Vũ Thị Ưu Tiên',
    phone: '+84912345606',
    formatted_phone: '0912 345 606',
    purpose: 'Whitelisted, so not blocked by its overdue invoice',
    email_verified: true,
    is_in_whitelist: true,
    overdueInvoice: { amount: 550_000, description: 'vps-uu-tien-01: gia hạn 1 tháng' },
  },
];

/** Creates the demo accounts if there are no users at all; answers whether it did. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  if (hasUsers(db)) return false;
  const passwordHash = await demoPasswordHash();
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  db.transaction(() => {
    // Checked again: another start may have seeded while the passwords were hashed.
    if (hasUsers(db)) return;
    DEMO_ACCOUNTS.forEach((account) => {
      const { id } = db
        .prepare(
          `INSERT INTO users (email, password_hash, fullname, phone, formatted_phone,
             email_verified, is_agency, is_in_whitelist, balance, trial_start, trial_end, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          account.email,
          passwordHash,
          account.fullname,
          account.phone,
          account.formatted_phone,
          account.email_verified ? 1 : 0,
          account.is_agency ? 1 : 0,
          account.is_in_whitelist ? 1 : 0,
          0,
          null,
          null,
          at(-30),
        ) as { id: number };
      // The opening balance is a ledger row like any other credit (see server/ledger.ts).
      if (account.balance) {
        changeBalance(db, {
          userId: id,
          type: 'manual',
          method: 'admin',
          amount: account.balance,
          description: 'Số dư ban đầu của tài khoản mẫu',
          reference: null,
          at: new Date(at(-30)),
        });
      }
      if (account.trial) seedTrial(db, id, account.trial, new Date(at(account.trial.startDays)));
      if (account.overdueInvoice) {
        db.prepare(
          `INSERT INTO invoices (user_id, status, amount, created_at, due_date, description)
           VALUES (?, 'open', ?, ?, ?, ?)`,
        ).run(
          id,
          account.overdueInvoice.amount,
          at(-20),
          at(-10),
          account.overdueInvoice.description,
        );
      }
      for (const server of account.servers ?? []) {
        const built = {
          cpu: server.cpu,
          ram: server.ram,
          disk: server.disk,
          diskType: 'SSD' as const,
        };
        const placement = { imageId: 1, datacenter: 'HN', keyName: null, interval: 1 as const };
        const expiry = vietnamMonthStartAfter(now, 1).toISOString();
        const addresses = { extraIpv4: 0, ipv6: 0 };
        createServer(
          db,
          { userId: id, name: server.name, ...built, ...placement, expiry, ...addresses },
          new Date(now.getTime() - 10 * DAY_MS),
          0,
          true,
        );
      }
    });
  })();
  return true;
}

let demoHash: Promise<string> | undefined;

/**
 * The demo password is published, so a salt per account protects nothing: one hash serves every
 * demo account, and every app a test run builds.
 */
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

function seedTrial(
  db: Db,
  userId: number,
  trial: NonNullable<DemoAccount['trial']>,
  start: Date,
): void {
  startTrial(db, userId, trial.server, start);
  if (!trial.renewalOverdue) return;
  const { trial_end: trialEnd } = db
    .prepare('SELECT trial_end FROM users WHERE id = ?')
    .get(userId) as { trial_end: string };
  // A renewal as server/renewals.ts writes one: the plan price (monthly × interval) for the
  // period after the one that ended, one invoice per period (renewal_period_end); due the day the
  // trial ended, since that day was known from the start.
  for (const resource of pricedTrialResources(db, userId, new Date(trialEnd))) {
    const periodEnd = dayjs.utc(trialEnd).add(resource.interval, 'month').toDate();
    const lastDay = formatDate(new Date(periodEnd.getTime() - DAY_MS));
    const period = `${formatDate(trialEnd)} – ${lastDay}`;
    db.prepare(
      `INSERT INTO invoices (user_id, status, amount, created_at, due_date, resource_type,
         resource_id, description, renewal_period_end)
       VALUES (?, 'open', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      userId,
      resource.planPrice,
      trialEnd,
      trialEnd,
      resource.resourceType,
      resource.resourceId,
      `${resource.name}: gia hạn ${resource.interval} tháng (${period})`,
      periodEnd.toISOString(),
    );
  }
}

function hasUsers(db: Db): boolean {
  return db.prepare('SELECT 1 FROM users LIMIT 1').get() !== undefined;
}

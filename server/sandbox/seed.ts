/** Demo accounts, created when the database has no users yet. Every password is Demo@12345. */
import { proratedAmount, vietnamMonthStartAfter } from '../../src/domain/pricing';
import { assignToAgency } from '../agency/agency';
import type { Db } from '../platform/db';
import { changeBalance } from '../billing/ledger';
import { invoiceCode } from '../billing/orderRows';
import { issueInvoice, type NewInvoiceLine } from '../billing/invoiceDocument';
import { renewalLine } from '../billing/renewals';
import { hashPassword } from '../platform/secrets';
import { createServer, serverMonthlyPrice } from '../compute/servers';
import { startTrial } from '../compute/trialServer';

export const DEMO_PASSWORD = 'Demo@12345';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  /** Renewals paid from the balance on their due date (the default) or left to pay by hand. */
  autoPay?: boolean;
  /**
   * A trial (TRIAL_DAYS long) that started `startDays` from now, with its trial server. A trial
   * that has ended gets its one bill from the life-cycle sweep that runs at start.
   */
  trial?: { startDays: number; server: string };
  /**
   * Servers already built (Ubuntu 22.04 in Hà Nội, SSD), paid until the end of this month, or
   * with `endedDaysAgo` until that many days ago: the sweep at start then issues its renewal,
   * due (and so overdue) since the period ended.
   */
  servers?: { name: string; cpu: number; ram: number; disk: number; endedDaysAgo?: number }[];
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
    purpose:
      'Agency account with one running server and four customers (their servers and a year of paid invoices fill the agency report)',
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
    purpose: 'Trial ended yesterday; its one bill is overdue (pay it or upgrade)',
    email_verified: true,
    trial: { startDays: -8, server: 'vps-het-han-01' },
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
    purpose:
      'Whitelisted, so neither blocked nor suspended by the overdue renewal of its server vps-uu-tien-01',
    email_verified: true,
    is_in_whitelist: true,
    autoPay: false,
    servers: [{ name: 'vps-uu-tien-01', cpu: 2, ram: 2, disk: 40, endedDaysAgo: 10 }],
  },
];

interface AgencyCustomer {
  email: string;
  fullname: string;
  phone: string;
  formatted_phone: string;
  /** Whole Vietnam months before this one that the account was opened in (its servers too). */
  joinedMonthsAgo: number;
  /** Ubuntu 22.04 in Hà Nội, SSD, renewed monthly and paid every time. */
  servers: { name: string; cpu: number; ram: number; disk: number }[];
}

/**
 * The customers of agency@example.vn. Each server's first invoice pays the rest of the month it
 * was created in, then one renewal a month up to this one, every one paid (a bank transfer, then
 * the payment from the balance), so the agency report shows a year of revenue.
 */
export const AGENCY_CUSTOMERS: readonly AgencyCustomer[] = [
  {
    email: 'minhphat@example.vn',
    fullname: 'Công ty TNHH Minh Phát',
    phone: '+84912345611',
    formatted_phone: '0912 345 611',
    joinedMonthsAgo: 11,
    servers: [
      { name: 'minhphat-web-01', cpu: 2, ram: 4, disk: 40 },
      { name: 'minhphat-db-01', cpu: 4, ram: 8, disk: 100 },
    ],
  },
  {
    email: 'hoa.nguyen@example.vn',
    fullname: 'Nguyễn Thị Hoa',
    phone: '+84912345612',
    formatted_phone: '0912 345 612',
    joinedMonthsAgo: 8,
    servers: [{ name: 'hoa-shop-01', cpu: 1, ram: 2, disk: 20 }],
  },
  {
    email: 'huy.le@example.vn',
    fullname: 'Lê Quang Huy',
    phone: '+84912345613',
    formatted_phone: '0912 345 613',
    joinedMonthsAgo: 5,
    servers: [{ name: 'huy-app-01', cpu: 2, ram: 2, disk: 40 }],
  },
  {
    email: 'baotech@example.vn',
    fullname: 'Phạm Gia Bảo',
    phone: '+84912345614',
    formatted_phone: '0912 345 614',
    joinedMonthsAgo: 2,
    servers: [{ name: 'baotech-vps-01', cpu: 1, ram: 1, disk: 20 }],
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
             email_verified, is_agency, is_in_whitelist, balance, trial_start, trial_end, created_at,
             auto_pay_renewals)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
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
          account.autoPay === false ? 0 : 1,
        ) as { id: number };
      // The opening balance is a ledger row like any other credit (see billing/ledger.ts).
      if (account.balance) {
        changeBalance(db, {
          userId: id,
          type: 'manual',
          method: 'admin',
          amount: account.balance,
          text: { key: 'ledger.opening_balance' },
          reference: null,
          at: new Date(at(-30)),
        });
      }
      if (account.trial) seedTrial(db, id, account.trial, new Date(at(account.trial.startDays)));
      for (const server of account.servers ?? []) {
        const built = {
          cpu: server.cpu,
          ram: server.ram,
          disk: server.disk,
          diskType: 'SSD' as const,
        };
        const placement = { imageId: 1, datacenter: 'HN', keyName: null, interval: 1 as const };
        const expiry =
          server.endedDaysAgo === undefined
            ? vietnamMonthStartAfter(now, 1).toISOString()
            : at(-server.endedDaysAgo);
        const addresses = { extraIpv4: 0, ipv6: 0 };
        createServer(
          db,
          { userId: id, name: server.name, ...built, ...placement, expiry, ...addresses },
          new Date(now.getTime() - ((server.endedDaysAgo ?? -20) + 30) * DAY_MS),
          0,
          true,
        );
      }
    });
    const agency = db.prepare("SELECT id FROM users WHERE email = 'agency@example.vn'").get() as {
      id: number;
    };
    for (const customer of AGENCY_CUSTOMERS) {
      seedAgencyCustomer(db, agency.id, customer, passwordHash, now);
    }
  })();
  return true;
}

const HOUR_MS = 60 * 60 * 1000;

function seedAgencyCustomer(
  db: Db,
  agencyId: number,
  customer: AgencyCustomer,
  passwordHash: string,
  now: Date,
): void {
  const joined = new Date(
    vietnamMonthStartAfter(now, -customer.joinedMonthsAgo).getTime() + 2 * DAY_MS + 3 * HOUR_MS,
  );
  const { id } = db
    .prepare(
      `INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, email_verified,
         created_at)
       VALUES (?, ?, ?, ?, ?, 1, ?) RETURNING id`,
    )
    .get(
      customer.email,
      passwordHash,
      customer.fullname,
      customer.phone,
      customer.formatted_phone,
      joined.toISOString(),
    ) as { id: number };
  assignToAgency(db, id, agencyId);

  const paidThrough = vietnamMonthStartAfter(now, 1);
  for (const server of customer.servers) {
    const created = new Date(joined.getTime() + HOUR_MS);
    const size = { cpu: server.cpu, ram: server.ram, disk: server.disk, diskType: 'SSD' as const };
    const placement = { imageId: 1, datacenter: 'HN', keyName: null, interval: 1 as const };
    const { id: serverId } = createServer(
      db,
      {
        userId: id,
        name: server.name,
        ...size,
        ...placement,
        expiry: paidThrough.toISOString(),
        extraIpv4: 0,
        ipv6: 0,
      },
      created,
      0,
      true,
    );
    const monthly = serverMonthlyPrice(db, { ...server, disk_type: 'SSD' });
    const spec = `${server.cpu} CPU · ${server.ram} GB RAM · ${server.disk} GB SSD`;
    const firstEnd = vietnamMonthStartAfter(created, 1);
    seedPaidInvoice(db, id, {
      serverId,
      line: {
        kind: 'item',
        text: { key: 'invoice_document.line.new_server', params: { name: server.name, spec } },
        unitPrice: proratedAmount(monthly, 1, created),
        quantity: 1,
        periodMonths: 1,
        periodStart: created.toISOString(),
        periodEnd: firstEnd.toISOString(),
        amount: proratedAmount(monthly, 1, created),
      },
      issued: created,
      dueDays: 0,
      now,
    });
    for (let start = firstEnd; start < paidThrough; start = vietnamMonthStartAfter(start, 1)) {
      const end = vietnamMonthStartAfter(start, 1);
      seedPaidInvoice(db, id, {
        serverId,
        line: renewalLine({
          name: server.name,
          months: 1,
          amount: monthly,
          periodStart: start.toISOString(),
          periodEnd: end.toISOString(),
        }),
        issued: start,
        dueDays: 0,
        now,
      });
    }
  }
}

/**
 * A server invoice the customer paid an hour after it was issued (or just before now): the money
 * came by bank transfer, rounded up to 100.000 ₫, and the invoice was paid from the balance. Both
 * are ledger rows, so the customer's balance history adds up.
 */
function seedPaidInvoice(
  db: Db,
  userId: number,
  invoice: {
    serverId: number;
    line: NewInvoiceLine;
    issued: Date;
    dueDays: number;
    now: Date;
  },
): void {
  const paidAt = new Date(
    Math.min(invoice.issued.getTime() + HOUR_MS, invoice.now.getTime() - 60 * 1000),
  );
  const row = issueInvoice(db, {
    userId,
    status: 'paid',
    createdAt: invoice.issued,
    dueDate: new Date(invoice.issued.getTime() + invoice.dueDays * DAY_MS),
    paidAt,
    resource: { type: 'server', id: invoice.serverId },
    lines: [invoice.line],
  });
  if (!row) throw new Error('A seeded invoice was not issued');
  const { amount } = row;
  const code = invoiceCode(row);
  changeBalance(db, {
    userId,
    type: 'topup',
    method: 'bank_transfer',
    amount: Math.ceil(amount / 100_000) * 100_000,
    text: { key: 'ledger.topup_bank_transfer_for', params: { invoice: code } },
    reference: null,
    at: new Date(paidAt.getTime() - 1000),
  });
  changeBalance(db, {
    userId,
    type: 'payment',
    method: 'balance',
    amount: -amount,
    text: { key: 'ledger.invoice_payment', params: { invoice: code } },
    reference: code,
    at: paidAt,
  });
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
  // An ended trial's one bill is issued by the life-cycle sweep that runs as the app starts
  // (billing/lifecycle.ts), as it would have been at the trial's end.
  startTrial(db, userId, trial.server, start);
}

function hasUsers(db: Db): boolean {
  return db.prepare('SELECT 1 FROM users LIMIT 1').get() !== undefined;
}

/** Reading users and describing them the way the contract's UserInfo does. */
import type { components } from '../../src/api/schema';
import type { Db } from '../platform/db';
import type { UserRow } from './userRows';

type UserInfo = components['schemas']['UserInfo'];

/** What upgrading the account's trial would buy now, by name, and what it costs. */
export interface TrialUpgradeOffer {
  resources: readonly { name: string }[];
  total: number;
}

/** Prices the account's trial upgrade (billing/trialPackages.ts `trialOffer`). */
export type TrialUpgradePricer = (db: Db, user: UserRow, now: Date) => TrialUpgradeOffer;

/**
 * Billing prices the trial upgrade that UserInfo shows, and billing sits above auth (imports only
 * go down): the composition (server/handlers.ts `connectAreas`) hands its pricer in here.
 */
let priceTrialUpgrade: TrialUpgradePricer | undefined;

export function priceTrialUpgradesWith(pricer: TrialUpgradePricer): void {
  priceTrialUpgrade = pricer;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim()) as UserRow | undefined;
}

export interface NewUser {
  email: string;
  password_hash: string;
  fullname: string;
  phone: string;
  formatted_phone: string;
}

export function createUser(
  db: Db,
  user: NewUser,
  now: Date,
): Pick<UserRow, 'id' | 'email' | 'fullname' | 'email_verified'> {
  return db
    .prepare(
      `INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, created_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id, email, fullname, email_verified`,
    )
    .get(
      user.email.trim(),
      user.password_hash,
      user.fullname.trim(),
      user.phone,
      user.formatted_phone,
      now.toISOString(),
    ) as Pick<UserRow, 'id' | 'email' | 'fullname' | 'email_verified'>;
}

export function markEmailVerified(db: Db, userId: number): void {
  db.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').run(userId);
}

export function markPhoneVerified(db: Db, userId: number): void {
  db.prepare('UPDATE users SET phone_verified = 1 WHERE id = ?').run(userId);
}

export function setPasswordHash(db: Db, userId: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
}

export function toUserInfo(db: Db, user: UserRow, now: Date): UserInfo {
  const invoices = db
    .prepare(
      `SELECT COALESCE(SUM(amount), 0) AS unpaid,
              COALESCE(MAX(due_date < ?), 0) AS overdue
         FROM invoices WHERE user_id = ? AND status = 'open'`,
    )
    .get(now.toISOString(), user.id) as { unpaid: number; overdue: 0 | 1 };
  const { trial_start: start, trial_end: end } = user;
  const onTrial = start !== null && end !== null;
  if (!priceTrialUpgrade) throw new Error('No trial upgrade pricer: call connectAreas() first');
  const offer = priceTrialUpgrade(db, user, now);
  return {
    id: user.id,
    fullname: user.fullname,
    email: user.email,
    phone: user.phone,
    email_verified: user.email_verified === 1,
    phone_verified: user.phone_verified === 1,
    is_in_whitelist: user.is_in_whitelist === 1,
    is_agency: user.is_agency === 1,
    balance: user.balance,
    unpaid_amount: invoices.unpaid,
    has_expired_invoices: invoices.overdue === 1,
    trial: {
      active: onTrial,
      start_date: start,
      end_date: end,
      expired: onTrial && end <= now.toISOString(),
      plan_to_upgrade: offer.resources.length
        ? offer.resources.map((item) => item.name).join(', ')
        : null,
      amount_to_upgrade: offer.total,
    },
  };
}

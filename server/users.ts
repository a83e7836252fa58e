/** Reading users and describing them the way the contract's UserInfo does. */
import type { components } from '../src/api/schema';
import type { Db } from './db';
import { payFromBalance } from './ledger';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  fullname: string;
  phone: string;
  formatted_phone: string;
  email_verified: 0 | 1;
  phone_verified: 0 | 1;
  is_in_whitelist: 0 | 1;
  is_agency: 0 | 1;
  balance: number;
  trial_start: string | null;
  trial_end: string | null;
  created_at: string;
}

export interface TrialPackageRow {
  id: number;
  user_id: number;
  resource: string;
  price: number;
  interval_count: 1 | 3 | 6 | 12;
  starts_at: string;
  ends_at: string;
  charge_this_month: number;
  paid_at: string | null;
}

type UserInfo = components['schemas']['UserInfo'];
type TrialPackage = components['schemas']['TrialPackage'];

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
): Pick<UserRow, 'id' | 'email' | 'fullname'> {
  return db
    .prepare(
      `INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, created_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id, email, fullname`,
    )
    .get(
      user.email.trim(),
      user.password_hash,
      user.fullname.trim(),
      user.phone,
      user.formatted_phone,
      now.toISOString(),
    ) as Pick<UserRow, 'id' | 'email' | 'fullname'>;
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

/**
 * Takes the trial's total from the balance, ends the trial and marks its packages paid, leaving
 * the trail of any payment: a paid invoice and its ledger row, all in one transaction.
 */
export function payForTrial(db: Db, userId: number, total: number, now: Date): void {
  db.transaction(() => {
    const packages = unpaidTrialPackages(db, userId);
    const description = `Nâng cấp tài khoản dùng thử: ${packages.map((item) => item.resource).join(', ')}`;
    payFromBalance(db, { userId, amount: total, description, at: now });
    db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(userId);
    db.prepare('UPDATE trial_packages SET paid_at = ? WHERE user_id = ? AND paid_at IS NULL').run(
      now.toISOString(),
      userId,
    );
  })();
}

/** The packages a trial upgrade would pay for. */
export function unpaidTrialPackages(db: Db, userId: number): TrialPackageRow[] {
  return db
    .prepare('SELECT * FROM trial_packages WHERE user_id = ? AND paid_at IS NULL ORDER BY id')
    .all(userId) as TrialPackageRow[];
}

export function trialTotal(packages: readonly TrialPackageRow[]): number {
  return packages.reduce((sum, item) => sum + item.charge_this_month, 0);
}

export function toTrialPackage(row: TrialPackageRow): TrialPackage {
  return {
    id: row.id,
    resource: row.resource,
    plan: { price: row.price, interval: 'month', interval_count: row.interval_count },
    start: row.starts_at,
    end: row.ends_at,
    price: { charge_this_month: row.charge_this_month },
  };
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
  const packages = onTrial ? unpaidTrialPackages(db, user.id) : [];
  return {
    id: user.id,
    fullname: user.fullname,
    email: user.email,
    phone: user.phone,
    email_verified: user.email_verified === 1,
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
      plan_to_upgrade: packages.length ? packages.map((item) => item.resource).join(', ') : null,
      amount_to_upgrade: trialTotal(packages),
    },
  };
}

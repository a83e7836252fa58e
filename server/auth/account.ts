/** The account's own records: profile changes, the VAT invoice details and its other sessions. */
import type { components } from '../../src/api/schema';
import type { Db } from '../platform/db';
import { sha256 } from '../platform/secrets';
import type { UserRow } from './userRows';

type Profile = components['schemas']['Profile'];
export type InvoiceInfo = components['schemas']['InvoiceInfo'];
type InvoiceInfoField = keyof InvoiceInfo;

export const INVOICE_INFO_FIELDS = [
  'company_name',
  'tax_code',
  'tax_address',
  'billing_address',
  'billing_email',
  'billing_phone',
] as const satisfies readonly InvoiceInfoField[];

const NO_INVOICE_INFO: InvoiceInfo = {
  company_name: null,
  tax_code: null,
  tax_address: null,
  billing_address: null,
  billing_email: null,
  billing_phone: null,
};

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    phone: user.phone,
    formatted_phone: user.formatted_phone,
    email_verified: user.email_verified === 1,
    phone_verified: user.phone_verified === 1,
    is_agency: user.is_agency === 1,
    auto_pay_renewals: user.auto_pay_renewals === 1,
    created: user.created_at,
  };
}

export interface ProfileChange {
  fullname?: string;
  phone?: string;
  formatted_phone?: string;
  auto_pay_renewals?: boolean;
}

/** A new phone number has not been confirmed by SMS yet, so it is no longer verified. */
export function updateProfile(db: Db, user: UserRow, change: ProfileChange): void {
  const phone = change.phone ?? user.phone;
  const phoneChanged = phone !== user.phone;
  db.prepare(
    `UPDATE users SET fullname = ?, phone = ?, formatted_phone = ?,
            phone_verified = CASE WHEN ? THEN 0 ELSE phone_verified END, auto_pay_renewals = ?
      WHERE id = ?`,
  ).run(
    change.fullname?.trim() ?? user.fullname,
    phone,
    change.formatted_phone ?? (phoneChanged ? phone : user.formatted_phone),
    phoneChanged ? 1 : 0,
    change.auto_pay_renewals === undefined
      ? user.auto_pay_renewals
      : Number(change.auto_pay_renewals),
    user.id,
  );
}

export function findInvoiceInfo(db: Db, userId: number): InvoiceInfo {
  const row = db
    .prepare(`SELECT ${INVOICE_INFO_FIELDS.join(', ')} FROM invoice_info WHERE user_id = ?`)
    .get(userId) as InvoiceInfo | undefined;
  return row ?? { ...NO_INVOICE_INFO };
}

/** Fields left out stay; null (or only spaces) clears one. Answers the stored result. */
export function saveInvoiceInfo(
  db: Db,
  userId: number,
  change: Partial<InvoiceInfo>,
  now: Date,
): InvoiceInfo {
  const merged = { ...findInvoiceInfo(db, userId) };
  for (const field of INVOICE_INFO_FIELDS) {
    if (!(field in change)) continue;
    const value = change[field]?.trim();
    merged[field] = value ? value : null;
  }
  db.prepare(
    `INSERT INTO invoice_info (user_id, ${INVOICE_INFO_FIELDS.join(', ')}, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET
       ${INVOICE_INFO_FIELDS.map((field) => `${field} = excluded.${field}`).join(', ')},
       updated_at = excluded.updated_at`,
  ).run(userId, ...INVOICE_INFO_FIELDS.map((field) => merged[field]), now.toISOString());
  return merged;
}

/** Signs the account out everywhere but the session of `keepToken`; answers how many went. */
export function revokeOtherSessions(db: Db, userId: number, keepToken: string | undefined): number {
  return db
    .prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?')
    .run(userId, keepToken === undefined ? null : sha256(keepToken)).changes;
}

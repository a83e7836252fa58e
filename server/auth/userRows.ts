/**
 * A user as the database stores it. Kept apart from users.ts, which describes users with their
 * trial offer, so that the modules it uses (trialPackages.ts, packages.ts) can read the row too.
 */
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
  /** Pay renewals and trial bills from the balance on their due date (1, the default) or not. */
  auto_pay_renewals: 0 | 1;
  created_at: string;
}

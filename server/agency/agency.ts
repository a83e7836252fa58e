/**
 * An agency's customers: the accounts whose `agency_id` names it (created through the agency
 * area, or given to it by the seed), their invoices, and the report by Vietnam calendar month.
 * An agency only ever reads its own customers: every query here is keyed by the agency's id.
 */
import type { components } from '../../src/api/schema';
import type { Db } from '../platform/db';
import { INVOICE_CODE_SQL, type InvoiceRow } from '../billing/orderRows';
import { toInvoice } from '../billing/invoiceDocument';

type AgencyAccount = components['schemas']['AgencyAccount'];
type AgencyInvoice = components['schemas']['AgencyInvoice'];
type AgencyReport = components['schemas']['AgencyReport'];
type ReportTotals = components['schemas']['AgencyReportTotals'];
type InvoiceStatus = components['schemas']['InvoiceStatus'];

/** Vietnam is UTC+7 all year: its midnight is 17:00 UTC the day before. */
const VIETNAM_OFFSET_HOURS = 7;

interface CustomerRow {
  id: number;
  email: string;
  fullname: string;
  phone: string;
  email_verified: 0 | 1;
  balance: number;
  created_at: string;
  unpaid_amount: number;
  server_count: number;
}

/** The agency's customers, newest first, with what they owe and the servers they hold. */
export function agencyCustomers(db: Db, agencyId: number): AgencyAccount[] {
  const rows = db
    .prepare(
      `SELECT u.id, u.email, u.fullname, u.phone, u.email_verified, u.balance, u.created_at,
              (SELECT COALESCE(SUM(amount), 0) FROM invoices
                WHERE user_id = u.id AND status = 'open') AS unpaid_amount,
              (SELECT COUNT(*) FROM servers
                WHERE user_id = u.id AND deleted_at IS NULL) AS server_count
         FROM users u WHERE u.agency_id = ? ORDER BY u.created_at DESC, u.id DESC`,
    )
    .all(agencyId) as CustomerRow[];
  return rows.map(toAgencyAccount);
}

export function agencyCustomer(
  db: Db,
  agencyId: number,
  accountId: number,
): AgencyAccount | undefined {
  return agencyCustomers(db, agencyId).find((account) => account.id === accountId);
}

/**
 * Whether the e-mail or the full name contains the text, ignoring case and the marks of
 * Vietnamese letters ("tran" finds "Trần"), in JavaScript: SQLite's lower() knows only ASCII.
 */
export function matchesSearch(account: Pick<AgencyAccount, 'email' | 'fullname'>, text: string) {
  const needle = foldForSearch(text.trim());
  return [account.email, account.fullname].some((field) => foldForSearch(field).includes(needle));
}

function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

const toAgencyAccount = (row: CustomerRow): AgencyAccount => ({
  id: row.id,
  email: row.email,
  fullname: row.fullname,
  phone: row.phone,
  email_verified: row.email_verified === 1,
  balance: row.balance,
  unpaid_amount: row.unpaid_amount,
  server_count: row.server_count,
  created: row.created_at,
});

export function assignToAgency(db: Db, userId: number, agencyId: number): void {
  db.prepare('UPDATE users SET agency_id = ? WHERE id = ?').run(agencyId, userId);
}

export interface AgencyInvoiceFilter {
  status?: InvoiceStatus;
  code?: string;
  accountId?: number;
  limit: number;
  offset: number;
}

/** One page of the invoices of the agency's customers, newest first, and how many there are. */
export function agencyInvoices(
  db: Db,
  agencyId: number,
  filter: AgencyInvoiceFilter,
): { items: AgencyInvoice[]; total: number } {
  // The invoices with their account's e-mail and agency, so the code reads as in billing.
  const from = `FROM (SELECT i.*, u.email AS account_email, u.agency_id
    FROM invoices i JOIN users u ON u.id = i.user_id)`;
  const where = `agency_id = @agency AND (@status IS NULL OR status = @status)
    AND (@code IS NULL OR instr(${INVOICE_CODE_SQL}, upper(@code)) > 0)
    AND (@account IS NULL OR user_id = @account)`;
  const params = {
    agency: agencyId,
    status: filter.status ?? null,
    code: filter.code ?? null,
    account: filter.accountId ?? null,
  };
  const { total } = db.prepare(`SELECT COUNT(*) AS total ${from} WHERE ${where}`).get(params) as {
    total: number;
  };
  const rows = db
    .prepare(`SELECT * ${from} WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: filter.limit, offset: filter.offset }) as (InvoiceRow & {
    account_email: string;
  })[];
  return {
    items: rows.map((row) => ({
      ...toInvoice(db, row),
      account_id: row.user_id,
      account_email: row.account_email,
    })),
    total,
  };
}

/** The first instant of a calendar month in Vietnam time; month 13 is January of the next year. */
export function vietnamMonthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1, -VIETNAM_OFFSET_HOURS));
}

/**
 * The report of one year: for each Vietnam calendar month, the accounts the agency gained, what
 * its customers were invoiced, paid (the agency's revenue) and still owe of that month's
 * invoices, and the servers they held at the month's end (today for this month, none for a month
 * to come). The year's totals add the months up, except the servers: those at the year's end.
 */
export function agencyReport(db: Db, agencyId: number, year: number, now: Date): AgencyReport {
  const customers = 'SELECT id FROM users WHERE agency_id = @agency';
  const sum = (sql: string, range: { from: string; to: string }) =>
    (db.prepare(sql).get({ agency: agencyId, ...range }) as { value: number }).value;

  const months = Array.from({ length: 12 }, (_, index) => {
    const start = vietnamMonthStart(year, index + 1);
    const end = vietnamMonthStart(year, index + 2);
    const range = { from: start.toISOString(), to: end.toISOString() };
    const heldAt = (end < now ? end : now).toISOString();
    const totals: ReportTotals = {
      new_accounts: sum(
        `SELECT COUNT(*) AS value FROM users
          WHERE agency_id = @agency AND created_at >= @from AND created_at < @to`,
        range,
      ),
      invoiced: sum(
        `SELECT COALESCE(SUM(amount), 0) AS value FROM invoices
          WHERE user_id IN (${customers}) AND status <> 'cancelled'
            AND created_at >= @from AND created_at < @to`,
        range,
      ),
      paid: sum(
        `SELECT COALESCE(SUM(amount), 0) AS value FROM invoices
          WHERE user_id IN (${customers}) AND status = 'paid'
            AND paid_at >= @from AND paid_at < @to`,
        range,
      ),
      unpaid: sum(
        `SELECT COALESCE(SUM(amount), 0) AS value FROM invoices
          WHERE user_id IN (${customers}) AND status = 'open'
            AND created_at >= @from AND created_at < @to`,
        range,
      ),
      active_servers:
        start > now
          ? 0
          : sum(
              `SELECT COUNT(*) AS value FROM servers
                WHERE user_id IN (${customers}) AND created_at < @to
                  AND (deleted_at IS NULL OR deleted_at >= @to)`,
              { from: range.from, to: heldAt },
            ),
    };
    return { month: index + 1, ...totals };
  });

  const add = (field: Exclude<keyof ReportTotals, 'active_servers'>) =>
    months.reduce((total, month) => total + month[field], 0);
  const lastStarted = months.filter((month) => vietnamMonthStart(year, month.month) <= now).pop();
  const accounts = db
    .prepare('SELECT COUNT(*) AS value FROM users WHERE agency_id = ?')
    .get(agencyId) as { value: number };
  return {
    year,
    accounts: accounts.value,
    months,
    totals: {
      new_accounts: add('new_accounts'),
      invoiced: add('invoiced'),
      paid: add('paid'),
      unpaid: add('unpaid'),
      active_servers: lastStarted?.active_servers ?? 0,
    },
  };
}

import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AGENCY_CUSTOMERS } from '../sandbox/seed';
import {
  apiAs,
  latestMailTo,
  register,
  scratchDir,
  signIn,
  testApp,
  tokenInMail,
  type Api,
} from '../testing';

let app: FastifyInstance;
let scratch: ReturnType<typeof scratchDir>;
let dbFile: string;

beforeEach(async () => {
  scratch = scratchDir();
  dbFile = join(scratch.dir, 'agency.db');
  ({ app } = await testApp({ dbFile }));
});
afterEach(async () => {
  await app.close();
  scratch.cleanup();
});

const ENGLISH = { 'accept-language': 'en' };

const NEW_ACCOUNT = {
  email: 'khachmoi@example.vn',
  fullname: 'Đặng Văn Khách',
  phone: '+84987650001',
  formatted_phone: '098 765 00 01',
  password: 'mat-khau-1',
};

interface Account {
  id: number;
  email: string;
  fullname: string;
  server_count: number;
  balance: number;
  created: string;
}
interface AgencyInvoice {
  id: number;
  code: string;
  status: string;
  amount: number;
  account_id: number;
  account_email: string;
}
interface ReportTotals {
  new_accounts: number;
  invoiced: number;
  paid: number;
  unpaid: number;
  active_servers: number;
}
interface Report {
  year: number;
  accounts: number;
  months: (ReportTotals & { month: number })[];
  totals: ReportTotals;
}

async function agency(): Promise<Api> {
  return apiAs(app, await signIn(app, 'agency@example.vn'));
}

/** A second agency: a registered account made an agency in the database, as an operator would. */
async function otherAgency(): Promise<Api> {
  await register(app, { email: 'daily2@example.vn' });
  const db = new Database(dbFile);
  try {
    db.prepare("UPDATE users SET is_agency = 1 WHERE email = 'daily2@example.vn'").run();
  } finally {
    db.close();
  }
  return apiAs(app, await signIn(app, 'daily2@example.vn', 'mat-khau-1'));
}

async function allInvoices(api: Api, query: Record<string, string> = {}) {
  const answer = await api.get('/agency/invoices', undefined, { per_page: '100', ...query });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { items: AgencyInvoice[]; total: number };
}

async function report(api: Api, year?: number): Promise<Report> {
  const answer = await api.get('/agency/report', undefined, year ? { year: String(year) } : {});
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('the agency area', () => {
  it('answers 403, saying why, to an account that is not an agency, on every operation', async () => {
    const demo = apiAs(app, await signIn(app, 'demo@example.vn'));
    const calls = [
      () => demo.get('/agency/accounts'),
      () => demo.post('/agency/accounts', NEW_ACCOUNT),
      () => demo.get('/agency/invoices'),
      () => demo.get('/agency/report'),
      () => demo.get('/agency/activity'),
      // Refused for who the caller is, before what it sent is read.
      () => demo.post('/agency/accounts', {}),
      () => demo.get('/agency/invoices', undefined, { status: 'not-a-status' }),
    ];
    for (const call of calls) {
      const answer = await call();
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Chức năng đại lý chỉ dành cho tài khoản đại lý.');
    }
    const english = apiAs(app, await signIn(app, 'demo@example.vn'), ENGLISH);
    expect((await english.get('/agency/report')).json().message).toBe(
      'The agency area is only for agency accounts.',
    );
    // Nothing was created by the refused call.
    expect((await register(app, { email: NEW_ACCOUNT.email })).statusCode).toBe(201);
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ url: '/api/v1/agency/accounts' })).statusCode).toBe(401);
  });
});

describe('listAgencyAccounts', () => {
  it('lists the agency’s own customers, newest first, with balance and servers', async () => {
    const { items, total } = (await (await agency()).get('/agency/accounts')).json();
    expect(total).toBe(AGENCY_CUSTOMERS.length);
    const newestFirst = [...AGENCY_CUSTOMERS].sort((a, b) => a.joinedMonthsAgo - b.joinedMonthsAgo);
    expect(items.map((account: Account) => account.email)).toEqual(
      newestFirst.map((customer) => customer.email),
    );
    for (const customer of AGENCY_CUSTOMERS) {
      expect(items.find((account: Account) => account.email === customer.email)).toMatchObject({
        fullname: customer.fullname,
        phone: customer.phone,
        email_verified: true,
        unpaid_amount: 0,
        server_count: customer.servers.length,
      });
    }
    expect(items.map((account: Account) => account.email)).not.toContain('demo@example.vn');
  });

  it('searches e-mail and name, ignoring case and Vietnamese marks', async () => {
    const api = await agency();
    const search = async (text: string) =>
      ((await api.get('/agency/accounts', undefined, { search: text })).json().items as Account[])
        .map((account) => account.email)
        .sort();
    expect(await search('pham gia bao')).toEqual(['baotech@example.vn']);
    expect(await search('NGUYỄN')).toEqual(['hoa.nguyen@example.vn']);
    expect(await search('minhphat@')).toEqual(['minhphat@example.vn']);
    expect(await search('không-có-ai')).toEqual([]);
  });

  it('pages the list', async () => {
    const page = (
      await (await agency()).get('/agency/accounts', undefined, { per_page: '3', page: '2' })
    ).json();
    expect(page).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(page.items).toHaveLength(1);
  });
});

describe('createAgencyAccount', () => {
  it('creates a customer of the agency, who gets the confirmation mail', async () => {
    const api = await agency();
    const created = await api.post('/agency/accounts', NEW_ACCOUNT);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: NEW_ACCOUNT.email,
      fullname: NEW_ACCOUNT.fullname,
      phone: NEW_ACCOUNT.phone,
      email_verified: false,
      balance: 0,
      unpaid_amount: 0,
      server_count: 0,
    });
    const listed = (await api.get('/agency/accounts')).json();
    expect(listed.total).toBe(AGENCY_CUSTOMERS.length + 1);
    expect(listed.items[0].email).toBe(NEW_ACCOUNT.email);

    const mail = await latestMailTo(app, NEW_ACCOUNT.email);
    expect(mail.subject).toContain('Xác nhận địa chỉ email');
    // Greeted by the address until it is confirmed: the name is the agency's words.
    expect(mail.text).toMatch(new RegExp(`^Xin chào ${NEW_ACCOUNT.email},\n`));
    // Told who made the account and that its first password is the agency's, to be changed.
    expect(mail.text).toContain(
      'Đại lý Trần Thị Đại Lý đã tạo cho bạn một tài khoản và đặt mật khẩu ban đầu.',
    );
    expect(mail.text).toContain('The agency Trần Thị Đại Lý has created an account for you');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      payload: { token: tokenInMail(mail) },
    });
    expect(confirmed.statusCode).toBe(200);
    const customer = apiAs(app, await signIn(app, NEW_ACCOUNT.email, NEW_ACCOUNT.password));
    expect((await customer.get('/auth/user')).json()).toMatchObject({
      email_verified: true,
      is_agency: false,
    });
    // The new customer is no agency: the area stays closed to it.
    expect((await customer.get('/agency/accounts')).statusCode).toBe(403);
  });

  it('refuses a taken e-mail (409) and bad fields (400), naming the field', async () => {
    const api = await agency();
    const taken = await api.post('/agency/accounts', { ...NEW_ACCOUNT, email: 'demo@example.vn' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Email này đã được sử dụng.',
      errors: { email: 'Email này đã được sử dụng.' },
    });
    const badPhone = await api.post('/agency/accounts', { ...NEW_ACCOUNT, phone: '0912345678' });
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json().errors)).toContain('phone');
    const otherShown = await api.post('/agency/accounts', {
      ...NEW_ACCOUNT,
      formatted_phone: 'Liên hệ 1900 1234',
    });
    expect(otherShown.json().errors).toEqual({
      formatted_phone: 'Số điện thoại hiển thị không khớp với số điện thoại đã nhập.',
    });
    const shortPassword = await api.post('/agency/accounts', { ...NEW_ACCOUNT, password: 'abc' });
    expect(shortPassword.statusCode).toBe(400);
    expect(Object.keys(shortPassword.json().errors)).toContain('password');
    expect((await api.get('/agency/accounts')).json().total).toBe(AGENCY_CUSTOMERS.length);
  });
});

describe('listAgencyInvoices', () => {
  it('lists the invoices of the agency’s customers only, newest first, each naming its account', async () => {
    const api = await agency();
    const { items, total } = await allInvoices(api);
    expect(total).toBeGreaterThan(20);
    expect(items).toHaveLength(total);
    const emails = new Set(AGENCY_CUSTOMERS.map((customer) => customer.email));
    for (const invoice of items) expect(emails.has(invoice.account_email)).toBe(true);
    expect(items.map((invoice) => invoice.id)).toEqual(
      [...items].map((invoice) => invoice.id).sort((a, b) => b - a),
    );
    // expired@ has an open invoice of its own, and is not the agency's.
    expect(items.every((invoice) => invoice.status === 'paid')).toBe(true);
  });

  it('filters by status, code and account, as billing does', async () => {
    const api = await agency();
    const { items } = await allInvoices(api);
    expect((await allInvoices(api, { status: 'open' })).total).toBe(0);
    expect((await allInvoices(api, { status: 'paid' })).total).toBe(items.length);

    const [newest] = items as [AgencyInvoice];
    const byCode = await allInvoices(api, { code: newest.code.slice(-6).toLowerCase() });
    expect(byCode.items.map((invoice) => invoice.id)).toContain(newest.id);

    const byAccount = await allInvoices(api, { account_id: String(newest.account_id) });
    expect(byAccount.total).toBeGreaterThan(0);
    expect(byAccount.items.every((invoice) => invoice.account_id === newest.account_id)).toBe(true);
  });

  it('answers 404 for an account that is not the agency’s', async () => {
    const demoId = (await apiAs(app, await signIn(app, 'demo@example.vn')).get('/auth/user')).json()
      .id;
    const answer = await (
      await agency()
    ).get('/agency/invoices', undefined, {
      account_id: String(demoId),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(
      'Không tìm thấy tài khoản khách hàng này trong đại lý của bạn.',
    );
  });
});

describe('getAgencyReport', () => {
  it('counts new accounts, revenue and servers by Vietnam month (the test clock is 1 March 2025)', async () => {
    const api = await agency();
    const thisYear = await report(api);
    expect(thisYear.year).toBe(2025);
    expect(thisYear.accounts).toBe(4);
    expect(thisYear.months.map((month) => month.month)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // Bảo joined in January 2025 with one server; the others, with four, joined in 2024.
    expect(thisYear.totals.new_accounts).toBe(1);
    expect(thisYear.months[0]).toMatchObject({ new_accounts: 1, active_servers: 5 });
    expect(thisYear.months[2]?.active_servers).toBe(5);
    expect(thisYear.months.slice(3).every((month) => month.active_servers === 0)).toBe(true);
    expect(thisYear.months.slice(3).every((month) => month.paid === 0)).toBe(true);
    expect(thisYear.totals.active_servers).toBe(5);

    const lastYear = await report(api, 2024);
    expect(lastYear.totals.new_accounts).toBe(3);
    expect(lastYear.months.map((month) => month.new_accounts)).toEqual([
      0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0,
    ]);
    expect(lastYear.months[3]?.active_servers).toBe(2);
    expect(lastYear.totals.active_servers).toBe(4);
    expect(lastYear.months[2]).toMatchObject({ paid: 0, invoiced: 0, active_servers: 0 });

    // Revenue is every paid invoice of the customers, each in the month it was paid.
    const invoices = (await allInvoices(api)).items;
    const invoicedTotal = invoices.reduce((sum, invoice) => sum + invoice.amount, 0);
    expect(lastYear.totals.paid + thisYear.totals.paid).toBe(invoicedTotal);
    expect(lastYear.totals.invoiced + thisYear.totals.invoiced).toBe(invoicedTotal);
    expect(thisYear.totals.unpaid + lastYear.totals.unpaid).toBe(0);
    for (const month of [...lastYear.months, ...thisYear.months]) {
      expect(month.paid).toBe(month.invoiced);
    }
  });

  it('counts an account the agency creates as new this month', async () => {
    const api = await agency();
    await api.post('/agency/accounts', NEW_ACCOUNT);
    const { months, totals, accounts } = await report(api);
    expect(months[2]?.new_accounts).toBe(1);
    expect(totals.new_accounts).toBe(2);
    expect(accounts).toBe(5);
  });

  it('shows another agency none of these customers', async () => {
    const other = await otherAgency();
    expect((await other.get('/agency/accounts')).json().total).toBe(0);
    expect((await allInvoices(other)).total).toBe(0);
    const { totals, accounts } = await report(other);
    expect(accounts).toBe(0);
    expect(totals).toEqual({ new_accounts: 0, invoiced: 0, paid: 0, unpaid: 0, active_servers: 0 });
    const customerId = (
      (await (await agency()).get('/agency/accounts')).json().items as Account[]
    )[0]?.id;
    const foreign = await other.get('/agency/invoices', undefined, {
      account_id: String(customerId),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a year outside the contract’s range', async () => {
    const answer = await (await agency()).get('/agency/report', undefined, { year: '1999' });
    expect(answer.statusCode).toBe(400);
  });
});

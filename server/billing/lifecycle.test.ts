/**
 * A service's life in the sandbox (src/domain/serviceLife.ts), step by step as a customer lives
 * it: each transition, the mail it sends, and the ledger adding up after it.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_LIFE_POLICY } from '../../src/domain/serviceLife';
import { DAY_MS } from '../platform/clock';
import { openDatabase, type Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { runLifecycle } from './lifecycle';
import {
  apiAs,
  buyServer,
  mailsTo,
  sandboxWithBooks,
  signIn,
  START,
  type Api,
  moveSandboxClock,
  setBalanceAsAdmin,
} from '../testing';
import { invoiceCode } from './orderRows';

const DEMO = 'demo@example.vn';

/** Signs in again after each move: a long move ends idle sessions, as real time would. */
const as = async (target: FastifyInstance, email = DEMO): Promise<Api> =>
  apiAs(target, await signIn(target, email));

const subjects = async (target: FastifyInstance, email = DEMO) =>
  (await mailsTo(target, email)).map((mail) => mail.subject);

const balanceOf = (db: Db, email = DEMO) =>
  db.prepare('SELECT balance FROM users WHERE email = ?').pluck().get(email) as number;

const renewalOf = (db: Db, serverId: number) =>
  db
    .prepare(
      `SELECT id, status, amount, created_at FROM invoices
        WHERE resource_type = 'server' AND resource_id = ? AND renewal_period_end IS NOT NULL
        ORDER BY id DESC`,
    )
    .get(serverId) as
    { id: number; status: string; amount: number; created_at: string } | undefined;

describe('renewal paid from the balance (auto-pay, on by default)', () => {
  it('is mailed when issued, paid on its due date with one ledger row, and mailed again', async () => {
    const { app, books } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    const before = balanceOf(books);

    await moveSandboxClock(app, { days: 25 });
    const issued = renewalOf(books, serverId)!;
    expect(issued.status).toBe('open');
    expect((await subjects(app))[0]).toMatch(
      /^Hoá đơn INV-2025-\d+: [\d.]+ ₫, hạn thanh toán 01-04-2025/,
    );

    await moveSandboxClock(app, { days: 6 });
    expect(renewalOf(books, serverId)!.status).toBe('paid');
    expect(balanceOf(books)).toBe(before - issued.amount);
    expect((await subjects(app))[0]).toMatch(/^Đã thanh toán hoá đơn INV-2025-\d+/);
    const server = (await (await as(app)).get(`/cloud/servers/${serverId}`)).json();
    expect(server.expiry).toBe('2025-04-30T17:00:00.000Z');
    expect(server.status).toBe('active');
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('pays once when two sweeps run at the same moment on two connections', async () => {
    const { app, books, dbFile } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    await moveSandboxClock(app, { days: 25 });
    const before = balanceOf(books);
    const other = openDatabase(dbFile);
    onTestFinished(() => void other.close());
    const due = new Date(START.getTime() + 31 * DAY_MS);

    const reports = [runLifecycle(books, due), runLifecycle(other, due)];

    // The first pays every renewal due (other demo accounts' too); the second finds none left.
    expect(reports[0]!.autoPaid).toBeGreaterThanOrEqual(1);
    expect(reports[1]!.autoPaid).toBe(0);
    expect(balanceOf(books)).toBe(before - renewalOf(books, serverId)!.amount);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('renewal the balance does not cover', () => {
  it('reminds, goes overdue, suspends after the grace period, and resumes when paid', async () => {
    const { app, books } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    setBalanceAsAdmin(books, DEMO, 0);

    await moveSandboxClock(app, { days: 25 });
    expect((await moveSandboxClock(app, { days: 5 })).now).toBe('2025-03-31T08:00:00.000Z');
    expect((await subjects(app))[0]).toMatch(
      /^Nhắc thanh toán: hoá đơn INV-2025-\d+ đến hạn ngày 01-04-2025/,
    );

    await moveSandboxClock(app, { days: 1 });
    expect((await subjects(app))[0]).toMatch(/^Hoá đơn INV-2025-\d+ đã quá hạn/);
    let api = await as(app);
    expect((await api.get('/auth/user')).json().has_expired_invoices).toBe(true);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('active');

    await moveSandboxClock(app, { days: DEFAULT_LIFE_POLICY.graceDays });
    api = await as(app);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('suspended');
    const suspendedMail = (await mailsTo(app, DEMO))[0]!;
    expect(suspendedMail.subject).toMatch(/^Dịch vụ bị tạm ngưng/);
    expect(suspendedMail.text).toContain('web-01');
    // Only once, however often the sandbox sweeps.
    await moveSandboxClock(app, { days: 1 });
    expect(
      (await subjects(app)).filter((subject) => subject.startsWith('Dịch vụ bị tạm ngưng')),
    ).toHaveLength(1);

    const renewal = renewalOf(books, serverId)!;
    setBalanceAsAdmin(books, DEMO, renewal.amount);
    api = await as(app);
    const paid = await api.post(`/billing/invoices/${renewal.id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('active');
    expect((await subjects(app))[0]).toMatch(/^Dịch vụ đã hoạt động trở lại/);
    expect((await api.get('/auth/user')).json().has_expired_invoices).toBe(false);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('puts a server the customer had switched off back switched off when paid', async () => {
    const { app, books } = await sandboxWithBooks();
    let api = await as(app);
    const serverId = await buyServer(api);
    await moveSandboxClock(app, { hours: 1 });
    const off = await api.post(`/cloud/servers/${serverId}/action`, { action: 'power_off' });
    expect(off.statusCode, off.body).toBe(202);
    await moveSandboxClock(app, { hours: 1 });
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('shutoff');
    setBalanceAsAdmin(books, DEMO, 0);

    await moveSandboxClock(app, { days: 31 + DEFAULT_LIFE_POLICY.graceDays });
    api = await as(app);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('suspended');
    const renewal = renewalOf(books, serverId)!;
    setBalanceAsAdmin(books, DEMO, renewal.amount);
    expect((await api.post(`/billing/invoices/${renewal.id}/pay`)).statusCode).toBe(200);

    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('shutoff');
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('refuses a suspended server’s power-on until the invoice is paid', async () => {
    const { app, books } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    setBalanceAsAdmin(books, DEMO, 0);
    await moveSandboxClock(app, { days: 31 + DEFAULT_LIFE_POLICY.graceDays });
    books.prepare('UPDATE users SET is_in_whitelist = 1 WHERE email = ?').run(DEMO);

    const api = await as(app);
    const refused = await api.post(`/cloud/servers/${serverId}/action`, { action: 'power_on' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('tạm ngưng');
  });

  it('terminates the server and cancels the invoice when it stays unpaid', async () => {
    const { app, books } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    setBalanceAsAdmin(books, DEMO, 0);

    await moveSandboxClock(app, { days: 31 + DEFAULT_LIFE_POLICY.terminateAfterDays });

    const api = await as(app);
    expect((await api.get(`/cloud/servers/${serverId}`)).statusCode).toBe(404);
    expect(renewalOf(books, serverId)!.status).toBe('cancelled');
    expect((await api.get('/auth/user')).json().has_expired_invoices).toBe(false);
    expect((await subjects(app))[0]).toMatch(/^Dịch vụ đã bị xoá/);
    expect(ledgerMismatches(books)).toEqual([]);
    // The customer's activity log says who deleted it, and why.
    const { items } = (
      await api.get('/account/activity', undefined, { group: 'servers' })
    ).json() as {
      items: { kind: string; actor: string; address: string | null; detail: object }[];
    };
    expect(items[0]).toEqual(
      expect.objectContaining({
        kind: 'server_terminated',
        actor: 'system',
        address: null,
        detail: { server: 'web-01', invoice: invoiceCode(renewalOf(books, serverId)!) },
      }),
    );
  });

  it('never suspends a whitelisted account’s server', async () => {
    const { app, books } = await sandboxWithBooks();
    const serverId = await buyServer(await as(app));
    setBalanceAsAdmin(books, DEMO, 0);
    books.prepare('UPDATE users SET is_in_whitelist = 1 WHERE email = ?').run(DEMO);

    await moveSandboxClock(app, { days: 31 + DEFAULT_LIFE_POLICY.terminateAfterDays });

    const api = await as(app);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().status).toBe('active');
    expect(renewalOf(books, serverId)!.status).toBe('open');
  });
});

describe('the bill that ends a trial', () => {
  const EXPIRED = 'expired@example.vn';

  async function expiredTrial() {
    const { app, books } = await sandboxWithBooks();
    const api = await as(app, EXPIRED);
    const trial = (await api.get('/auth/trial')).json();
    const invoices = (await api.get('/billing/invoices', undefined, { status: 'open' })).json()
      .items as { id: number; amount: number; description: string }[];
    return { app, books, api, trial, invoices };
  }

  it('is one open invoice, the same one and amount the upgrade dialog shows', async () => {
    const { api, trial, invoices } = await expiredTrial();

    expect(invoices).toHaveLength(1);
    expect(trial.invoice_id).toBe(invoices[0]!.id);
    expect(trial.total).toBe(invoices[0]!.amount);
    expect(
      trial.items.reduce(
        (sum: number, item: { price: { charge_this_month: number } }) =>
          sum + item.price.charge_this_month,
        0,
      ),
    ).toBe(trial.total);
    const user = (await api.get('/auth/user')).json();
    expect(user.unpaid_amount).toBe(trial.total);
    expect(user.trial.amount_to_upgrade).toBe(trial.total);
  });

  it.each([
    [
      'paying the invoice in Billing',
      (api: Api, id: number) => api.post(`/billing/invoices/${id}/pay`),
    ],
    ['the upgrade', (api: Api) => api.post('/auth/user/upgrade')],
  ])('ends the trial and unblocks the account by %s', async (_way, pay) => {
    const { books, api, invoices } = await expiredTrial();
    const bill = invoices[0]!;
    setBalanceAsAdmin(books, EXPIRED, bill.amount);

    const paid = await pay(api, bill.id);

    expect(paid.statusCode, paid.body).toBe(200);
    const user = (await api.get('/auth/user')).json();
    expect(user.trial.active).toBe(false);
    expect(user.has_expired_invoices).toBe(false);
    expect(user.balance).toBe(0);
    expect(
      (await api.get('/billing/invoices', undefined, { status: 'open' })).json().items,
    ).toEqual([]);
    // Paid from the trial's end to the end of this month.
    const [server] = (await api.get('/cloud/servers')).json().items;
    expect(server.expiry).toBe('2025-03-31T17:00:00.000Z');
    expect((await api.post('/auth/user/upgrade')).statusCode).toBe(400);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('a trial bill left unpaid past its month', () => {
  const TRIAL = 'trial@example.vn';

  const trialBills = (db: Db) =>
    db
      .prepare(
        `SELECT i.id, i.status, i.due_date, i.trial_period_end FROM invoices i
           JOIN users u ON u.id = i.user_id
          WHERE u.email = ? AND i.trial_period_end IS NOT NULL ORDER BY i.id`,
      )
      .all(TRIAL) as { id: number; status: string; due_date: string; trial_period_end: string }[];

  it('is not carried into a month its suspended server stood still, and its termination names it', async () => {
    const { app, books } = await sandboxWithBooks();
    // The trial ends on 6 March; its bill is due then, the server suspended on the 13th and
    // deleted on 5 April, after March has ended.
    await moveSandboxClock(app, { days: 40 });

    const bills = trialBills(books);
    expect(bills).toHaveLength(1);
    expect(bills[0]!.status).toBe('cancelled');
    const code = invoiceCode(
      books.prepare('SELECT id, created_at FROM invoices WHERE id = ?').get(bills[0]!.id) as {
        id: number;
        created_at: string;
      },
    );
    const mails = await subjects(app, TRIAL);
    expect(mails[0]).toMatch(`Dịch vụ đã bị xoá: hoá đơn ${code} không được thanh toán`);
    // Newest first: the bill issued, then overdue, and no other.
    expect(mails.filter((subject) => subject.startsWith('Hoá đơn INV-'))).toEqual([
      expect.stringMatching(new RegExp(`^Hoá đơn ${code} đã quá hạn`)),
      expect.stringMatching(new RegExp(`^Hoá đơn ${code}: `)),
    ]);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('takes along the bill of a snapshot its terminated server took with it: nothing is left owed', async () => {
    const { app, books } = await sandboxWithBooks();
    const trial = await as(app, TRIAL);
    expect((await trial.patch('/account/profile', { auto_pay_renewals: false })).statusCode).toBe(
      200,
    );
    setBalanceAsAdmin(books, TRIAL, 100_000);
    const [server] = (await trial.get('/cloud/servers')).json().items as { id: number }[];
    const snapshot = await trial.post('/storage/snapshots', {
      name: 'trial-snap',
      server_id: server!.id,
    });
    expect(snapshot.statusCode, snapshot.body).toBe(201);
    // The snapshot's April renewal falls due on 1 April, unpaid; the trial's server (and the
    // snapshot with it) is terminated on 5 April for the trial bill unpaid since 6 March.
    await moveSandboxClock(app, { days: 40 });

    const after = await as(app, TRIAL);
    expect((await after.get('/storage/snapshots')).json().items).toEqual([]);
    expect(
      (await after.get('/billing/invoices', undefined, { status: 'open' })).json().items,
    ).toEqual([]);
    const user = (await after.get('/auth/user')).json();
    expect(user).toMatchObject({ unpaid_amount: 0, has_expired_invoices: false });
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('is carried into the next month for a whitelisted account, mailed as overdue, its due date kept', async () => {
    const { app, books } = await sandboxWithBooks();
    books.prepare('UPDATE users SET is_in_whitelist = 1 WHERE email = ?').run(TRIAL);
    await moveSandboxClock(app, { days: 40 });

    const bills = trialBills(books);
    expect(bills.map((bill) => bill.status)).toEqual(['cancelled', 'open']);
    expect(bills[1]!.due_date).toBe(bills[0]!.due_date);
    const code = invoiceCode(
      books.prepare('SELECT id, created_at FROM invoices WHERE id = ?').get(bills[1]!.id) as {
        id: number;
        created_at: string;
      },
    );
    expect((await subjects(app, TRIAL))[0]).toMatch(new RegExp(`^Hoá đơn ${code} đã quá hạn`));
  });
});

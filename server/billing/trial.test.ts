import { describe, expect, it } from 'vitest';
import { invoiceSummary } from '../../src/domain/invoiceSummary';
import { en } from '../../src/i18n/en';
import { translateWith } from '../../src/i18n/interpolate';
import { quote, quoteUntil, vietnamMonthStartAfter } from '../../src/domain/pricing';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import { toPricedProduct, type ProductRow } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { changeBalance, ledgerMismatches } from './ledger';
import { packageIdOf } from './packages';
import { signedInSandbox, type Api } from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mid-month (15:00 on 18 March in Vietnam), so the rest of the month is worth pricing. */
const NOW = new Date('2025-03-18T08:00:00.000Z');
const TRIAL = 'trial@example.vn';
const EXPIRED = 'expired@example.vn';
const NOT_ON_TRIAL = 'Tài khoản không trong thời gian dùng thử.';

/** A sandbox at NOW, a second connection to its books, its clock and one account signed in. */
const signedIn = (email: string, headers: Record<string, string> = {}) =>
  signedInSandbox({ email, headers, start: NOW });

function product(db: Db, code: string) {
  return toPricedProduct(
    db.prepare('SELECT * FROM products WHERE code = ?').get(code) as ProductRow,
  );
}

/** The products of a server on the §9 trial defaults: 1 CPU, 1 GB RAM, 10 GB SSD, its IPv4. */
const trialServerLines = (db: Db) => [
  { product: product(db, 'cpu'), quantity: 1 },
  { product: product(db, 'ram'), quantity: 1 },
  { product: product(db, 'volume_ssd'), quantity: 10 },
  { product: product(db, 'wan_ipv4'), quantity: 1 },
];

const monthlyOf = (lines: ReturnType<typeof trialServerLines>) =>
  lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);

function serverId(db: Db, email: string): number {
  return db
    .prepare('SELECT s.id FROM servers s JOIN users u ON u.id = s.user_id WHERE u.email = ?')
    .pluck()
    .get(email) as number;
}

function credit(db: Db, email: string, amount: number) {
  const userId = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;
  db.transaction(() =>
    changeBalance(db, {
      userId,
      type: 'manual',
      method: 'admin',
      amount,
      text: { key: 'ledger.manual' as const, params: { note: 'Nạp thử' } },
      reference: null,
      at: NOW,
    }),
  )();
}

/** expired@'s trial ended a day before NOW (it was seeded 8 days before, for 7 days). */
const EXPIRED_TRIAL_END = new Date(NOW.getTime() - DAY_MS);

/** The one bill of expired@'s trial: its server from the trial's end to the end of this month. */
const expiredTrialBill = (db: Db) =>
  quoteUntil(trialServerLines(db), vietnamMonthStartAfter(NOW, 1), 1, EXPIRED_TRIAL_END).total;

const invoicesOf = async (api: Api) => (await api.get('/billing/invoices')).json().items;
const ledgerOf = async (api: Api) => (await api.get('/billing/balance_adjustments')).json().items;

/**
 * expired@'s trial ended paid: off the trial, nothing owed, its server paid to the end of this
 * month (and worth the whole days left of it), and `balance` left.
 */
async function expectTrialEndedPaid(api: Api, db: Db, balance: number) {
  const periodEnd = vietnamMonthStartAfter(NOW, 1);
  expect((await api.get('/auth/user')).json()).toMatchObject({
    balance,
    unpaid_amount: 0,
    has_expired_invoices: false,
    trial: { active: false, expired: false, amount_to_upgrade: 0 },
  });
  expect((await api.get('/auth/trial')).json()).toEqual({ items: [], total: 0, invoice_id: null });
  const [server] = (await api.get('/cloud/servers')).json().items;
  expect(server).toMatchObject({
    name: 'vps-het-han-01',
    status: 'active',
    expiry: periodEnd.toISOString(),
    unused_prepaid_amount: unusedPrepaidValue(monthlyOf(trialServerLines(db)), periodEnd, NOW),
  });
  expect((await api.get('/billing/packages')).json().items).toEqual([
    expect.objectContaining({
      resource: 'vps-het-han-01',
      status: 'active',
      end: periodEnd.toISOString(),
    }),
  ]);
  expect(ledgerMismatches(db)).toEqual([]);
}

describe('getTrialPackages', () => {
  it('lists the trial server by a name a customer recognises, priced by the §9 rules for now', async () => {
    const { api, books: db } = await signedIn(TRIAL);
    const lines = trialServerLines(db);
    const charge = quote(lines, 1, NOW).total;

    const response = await api.get('/auth/trial');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: packageIdOf('server', serverId(db, TRIAL)),
          resource: 'Máy chủ vps-dung-thu-01 (1 CPU · 1 GB RAM · 10 GB SSD)',
          plan: { price: monthlyOf(lines), interval: 'month', interval_count: 1 },
          start: NOW.toISOString(),
          end: vietnamMonthStartAfter(NOW, 1).toISOString(),
          price: { charge_this_month: charge },
        },
      ],
      total: charge,
      invoice_id: null,
    });
    const user = (await api.get('/auth/user')).json();
    expect(user.trial).toMatchObject({
      active: true,
      expired: false,
      plan_to_upgrade: 'vps-dung-thu-01',
      amount_to_upgrade: charge,
    });
    expect(user.balance).toBeLessThan(charge);
  });

  it('names the resources in English on request', async () => {
    const { api } = await signedIn(TRIAL, { 'accept-language': 'en' });
    const { items } = (await api.get('/auth/trial')).json();
    expect(items[0].resource).toBe('Server vps-dung-thu-01 (1 CPU · 1 GB RAM · 10 GB SSD)');
  });

  it('follows the clock: later in the month the rest of it costs less', async () => {
    const { api, books: db, clock } = await signedIn(TRIAL);
    const first = (await api.get('/auth/trial')).json();
    clock.advance(3 * DAY_MS);
    const later = (await api.get('/auth/trial')).json();

    const now = new Date(NOW.getTime() + 3 * DAY_MS);
    expect(later.total).toBe(quote(trialServerLines(db), 1, now).total);
    expect(later.total).toBeLessThan(first.total);
    expect(later.items[0].start).toBe(now.toISOString());
  });

  it('bills an expired trial once, from the trial’s end to the end of this month, and shows that bill', async () => {
    const { api, books: db } = await signedIn(EXPIRED);
    const amount = expiredTrialBill(db);
    // From the trial's end, not from today: the days since it ended were used too.
    expect(amount).toBeGreaterThan(quote(trialServerLines(db), 1, NOW).total);

    // Its one invoice is the trial's bill, issued by the sweep at start, due at the trial's end.
    const invoices = await invoicesOf(api);
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'open',
        amount,
        created: NOW.toISOString(),
        due_date: EXPIRED_TRIAL_END.toISOString(),
        resource_type: null,
        resource_id: null,
        description:
          'Nâng cấp tài khoản dùng thử: vps-het-han-01 (từ 17-03-2025 đến hết 31-03-2025)',
      }),
    ]);
    // An English reader gets it in English: the summary is a message text, not only Vietnamese.
    const english = (key: string, params?: Record<string, unknown>) =>
      translateWith(en, en, key, params);
    expect(invoiceSummary(invoices[0], english)).toBe(
      'Trial account upgrade: vps-het-han-01 (from 17-03-2025 through 31-03-2025)',
    );
    const { items, total, invoice_id } = (await api.get('/auth/trial')).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      resource: 'Máy chủ vps-het-han-01 (1 CPU · 1 GB RAM · 10 GB SSD)',
      start: EXPIRED_TRIAL_END.toISOString(),
      end: vietnamMonthStartAfter(NOW, 1).toISOString(),
      price: { charge_this_month: amount },
    });
    expect({ total, invoice_id }).toEqual({ total: amount, invoice_id: invoices[0].id });
    expect((await api.get('/auth/user')).json()).toMatchObject({
      has_expired_invoices: true,
      unpaid_amount: amount,
      trial: { active: true, expired: true, amount_to_upgrade: amount },
    });
  });

  it('is empty for an account that is not on a trial', async () => {
    const { api } = await signedIn('demo@example.vn');
    expect((await api.get('/auth/trial')).json()).toEqual({
      items: [],
      total: 0,
      invoice_id: null,
    });
  });
});

describe('upgradeTrial', () => {
  it('issues an invoice for the total and pays it like any invoice: one ledger row, packages active', async () => {
    const { api, books: db } = await signedIn(TRIAL);
    credit(db, TRIAL, 500_000);
    const { total } = (await api.get('/auth/trial')).json();
    const ledgerBefore = await ledgerOf(api);

    const response = await api.post('/auth/user/upgrade');

    expect(response.statusCode, response.body).toBe(200);
    const amount = total.toLocaleString('de-DE');
    expect(response.json()).toEqual({
      message: `Nâng cấp tài khoản thành công. Đã trừ ${amount} ₫ từ số dư.`,
    });
    const [invoice] = await invoicesOf(api);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount: total,
      paid_at: NOW.toISOString(),
      description:
        'Nâng cấp tài khoản dùng thử: vps-dung-thu-01 (từ 18-03-2025 đến hết 31-03-2025)',
    });
    const ledger = await ledgerOf(api);
    expect(ledger).toHaveLength(ledgerBefore.length + 1);
    expect(ledger[0]).toMatchObject({
      type: 'payment',
      method: 'balance',
      amount: -total,
      balance_after: 500_000 - total,
      reference: invoice.code,
    });
    const user = (await api.get('/auth/user')).json();
    expect(user).toMatchObject({ balance: 500_000 - total, unpaid_amount: 0 });
    expect(user.trial).toMatchObject({ active: false, amount_to_upgrade: 0 });
    expect((await api.get('/auth/trial')).json()).toEqual({
      items: [],
      total: 0,
      invoice_id: null,
    });
    const packages = (await api.get('/billing/packages')).json().items;
    expect(packages).toEqual([
      expect.objectContaining({
        resource: 'vps-dung-thu-01',
        status: 'active',
        end: vietnamMonthStartAfter(NOW, 1).toISOString(),
      }),
    ]);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('answers 402 when the balance is short, and leaves balance, invoices and trial as they were', async () => {
    const { api, books: db } = await signedIn(TRIAL);
    const { total } = (await api.get('/auth/trial')).json();
    const ledgerBefore = await ledgerOf(api);

    const response = await api.post('/auth/user/upgrade');

    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message: `Số dư không đủ để nâng cấp: cần ${total.toLocaleString('de-DE')} ₫, số dư hiện có 0 ₫.`,
    });
    expect(await invoicesOf(api)).toEqual([]);
    expect(await ledgerOf(api)).toEqual(ledgerBefore);
    const user = (await api.get('/auth/user')).json();
    expect(user.balance).toBe(0);
    expect(user.trial).toMatchObject({ active: true, amount_to_upgrade: total });
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('pays once when two upgrades arrive at the same time', async () => {
    const { api, books: db } = await signedIn(TRIAL);
    credit(db, TRIAL, 500_000);
    const { total } = (await api.get('/auth/trial')).json();

    const answers = await Promise.all([
      api.post('/auth/user/upgrade'),
      api.post('/auth/user/upgrade'),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual({
      message: NOT_ON_TRIAL,
    });
    expect(
      (await invoicesOf(api)).filter((invoice: { status: string }) => invoice.status === 'paid'),
    ).toHaveLength(1);
    expect((await api.get('/auth/user')).json().balance).toBe(500_000 - total);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('pays the trial bill to upgrade an expired trial, and paying it ends the trial', async () => {
    const { api, books: db } = await signedIn(EXPIRED);
    credit(db, EXPIRED, 500_000);
    const offer = (await api.get('/auth/trial')).json();
    const amount = expiredTrialBill(db);
    expect(offer).toMatchObject({ total: amount, invoice_id: expect.any(Number) });

    const response = await api.post('/auth/user/upgrade');

    expect(response.statusCode, response.body).toBe(200);
    // The bill issued at the trial's end is the one paid: no second invoice, nothing cancelled.
    const invoices = await invoicesOf(api);
    expect(
      invoices.map((invoice: { id: number; status: string; amount: number }) => [
        invoice.id,
        invoice.status,
        invoice.amount,
      ]),
    ).toEqual([[offer.invoice_id, 'paid', amount]]);
    await expectTrialEndedPaid(api, db, 500_000 - amount);
  });

  it('ends the trial when its bill is paid in Billing, as the upgrade does', async () => {
    const { api, books: db } = await signedIn(EXPIRED);
    credit(db, EXPIRED, 500_000);
    const { invoice_id: billId } = (await api.get('/auth/trial')).json();
    const amount = expiredTrialBill(db);

    const paid = await api.post(`/billing/invoices/${billId}/pay`);

    expect(paid.statusCode, paid.body).toBe(200);
    expect(await invoicesOf(api)).toEqual([
      expect.objectContaining({ id: billId, status: 'paid', amount, paid_at: NOW.toISOString() }),
    ]);
    await expectTrialEndedPaid(api, db, 500_000 - amount);
    const again = await api.post('/auth/user/upgrade');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: NOT_ON_TRIAL });
  });

  it('answers 400 for an account that is not on a trial', async () => {
    const { api } = await signedIn('demo@example.vn');
    const response = await api.post('/auth/user/upgrade', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_ON_TRIAL });
  });
});

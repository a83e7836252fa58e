import { describe, expect, it } from 'vitest';
import { quoteUntil, vietnamMonthStartAfter } from '../../src/domain/pricing';
import { toPricedProduct, type ProductRow } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { changeBalance, debitIfCovered, ledgerMismatches } from './ledger';
import { seedIfEmpty } from '../sandbox/seed';
import { apiAs, booksInMemory, sandboxWithBooks, signIn, START, type Api } from '../testing';

const NOT_OPEN = 'Hoá đơn này không còn chờ thanh toán.';

const userId = (db: Db, email: string) =>
  (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

/** An open invoice for the account, as a renewal would issue it. */
function openInvoice(db: Db, email: string, amount: number, description = 'web-01: gia hạn') {
  const { id } = db
    .prepare(
      `INSERT INTO invoices (user_id, status, amount, created_at, due_date, description)
       VALUES (?, 'open', ?, ?, ?, ?) RETURNING id`,
    )
    .get(userId(db, email), amount, START.toISOString(), START.toISOString(), description) as {
    id: number;
  };
  return id;
}

/** The products of a server on the §9 trial defaults: 1 CPU, 1 GB RAM, 10 GB SSD, its IPv4. */
const trialServerLines = (db: Db) =>
  (
    [
      ['cpu', 1],
      ['ram', 1],
      ['volume_ssd', 10],
      ['wan_ipv4', 1],
    ] as const
  ).map(([code, quantity]) => ({
    product: toPricedProduct(
      db.prepare('SELECT * FROM products WHERE code = ?').get(code) as ProductRow,
    ),
    quantity,
  }));

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;
const couponUses = (db: Db, code: string) =>
  (db.prepare('SELECT uses FROM coupons WHERE code = ?').get(code) as { uses: number }).uses;

describe('payInvoice', () => {
  it('pays an open invoice from the balance with a discount coupon, leaving one ledger row', async () => {
    const sandbox = await sandboxWithBooks();
    const id = openInvoice(sandbox.books, 'demo@example.vn', 1_500_000);
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const paid = await api.post(`/billing/invoices/${id}/pay`, { coupon_code: 'giam10' });

    expect(paid.statusCode, paid.body).toBe(200);
    const code = paid.json().invoice.code as string;
    expect(code).toMatch(/^INV-2025-\d{6}$/);
    expect(paid.json()).toEqual({
      message: `Đã thanh toán hoá đơn ${code}: 1.400.000 ₫.`,
      invoice: expect.objectContaining({ id, status: 'paid', paid_at: START.toISOString() }),
      amount: 1_500_000,
      discount: 100_000,
      total: 1_400_000,
      balance: 3_600_000,
      coupon: expect.objectContaining({ code: 'GIAM10', type: 'discount_invoice' }),
    });
    expect(await balanceOf(api)).toBe(3_600_000);
    expect(couponUses(sandbox.books, 'GIAM10')).toBe(1);
    const ledger = await api.get('/billing/balance_adjustments', undefined, { type: 'payment' });
    expect(ledger.json().items).toEqual([
      expect.objectContaining({
        type: 'payment',
        method: 'balance',
        amount: -1_400_000,
        balance_after: 3_600_000,
        reference: code,
        description: `Thanh toán hoá đơn ${code}`,
        description_key: 'ledger.invoice_payment',
        description_params: { invoice: code },
      }),
    ]);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('takes an empty coupon_code as no coupon', async () => {
    const sandbox = await sandboxWithBooks();
    const id = openInvoice(sandbox.books, 'demo@example.vn', 200_000);
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const paid = await api.post(`/billing/invoices/${id}/pay`, { coupon_code: '' });

    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ discount: 0, total: 200_000, coupon: null });
  });

  it('answers 400 for an invoice that is not open, and for a coupon that is not a discount', async () => {
    const sandbox = await sandboxWithBooks();
    const id = openInvoice(sandbox.books, 'demo@example.vn', 200_000);
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const credit = await api.post(`/billing/invoices/${id}/pay`, { coupon_code: 'NAP100K' });
    expect(credit.statusCode).toBe(400);
    const notDiscount = expect.stringMatching(/^Mã NAP100K là mã quà tặng, không dùng để giảm giá/);
    expect(credit.json()).toEqual({
      message: notDiscount,
      errors: { coupon_code: notDiscount },
    });
    expect((await api.post(`/billing/invoices/${id}/pay`)).statusCode).toBe(200);
    const again = await api.post(`/billing/invoices/${id}/pay`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NOT_OPEN);
    expect(await balanceOf(api)).toBe(4_800_000);
  });

  it("answers 404 for another account's invoice", async () => {
    const sandbox = await sandboxWithBooks();
    const id = openInvoice(sandbox.books, 'agency@example.vn', 200_000);
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    expect((await api.post(`/billing/invoices/${id}/pay`)).statusCode).toBe(404);
  });

  it('answers 402 on a short balance, changing nothing; a blocked account may pay once credited', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'expired@example.vn'));
    const [overdue] = (await api.get('/billing/invoices', undefined, { status: 'open' })).json()
      .items as { id: number; amount: number }[];
    // The trial's one bill, issued at start: from the trial's end to the end of this month.
    const trialEnd = new Date((await api.get('/auth/user')).json().trial.end_date);
    const amount = quoteUntil(
      trialServerLines(sandbox.books),
      vietnamMonthStartAfter(START, 1),
      1,
      trialEnd,
    ).total;
    expect(overdue!.amount).toBe(amount);

    const short = await api.post(`/billing/invoices/${overdue!.id}/pay`);
    expect(short.statusCode).toBe(402);
    const needed = amount.toLocaleString('de-DE');
    expect(short.json().message).toBe(
      `Số dư không đủ: cần ${needed} ₫, số dư hiện có 0 ₫. Vui lòng nạp thêm ${needed} ₫.`,
    );
    expect((await api.get(`/billing/invoices/${overdue!.id}`)).json().status).toBe('open');

    changeBalance(sandbox.books, {
      userId: userId(sandbox.books, 'expired@example.vn'),
      type: 'manual',
      method: 'admin',
      amount: 300_000,
      text: { key: 'ledger.manual' as const, params: { note: 'Nạp thêm' } },
      reference: null,
      at: START,
    });
    const paid = await api.post(`/billing/invoices/${overdue!.id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().balance).toBe(300_000 - amount);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('lets only one of two concurrent payments through when the balance covers one', async () => {
    const sandbox = await sandboxWithBooks();
    const first = openInvoice(sandbox.books, 'demo@example.vn', 3_000_000, 'a');
    const second = openInvoice(sandbox.books, 'demo@example.vn', 3_000_000, 'b');
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const answers = await Promise.all([
      api.post(`/billing/invoices/${first}/pay`),
      api.post(`/billing/invoices/${second}/pay`),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await balanceOf(api)).toBe(2_000_000);
    const open = await api.get('/billing/invoices', undefined, { status: 'open' });
    expect(open.json().total).toBe(1);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('pays the same invoice once when it is paid twice at once', async () => {
    const sandbox = await sandboxWithBooks();
    const id = openInvoice(sandbox.books, 'demo@example.vn', 1_000_000);
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const answers = await Promise.all([
      api.post(`/billing/invoices/${id}/pay`),
      api.post(`/billing/invoices/${id}/pay`),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await balanceOf(api)).toBe(4_000_000);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('gives a coupon at its last use to exactly one of two concurrent payments', async () => {
    const sandbox = await sandboxWithBooks();
    sandbox.books.prepare("UPDATE coupons SET max_uses = 3, uses = 2 WHERE code = 'GIAM50K'").run();
    const demoInvoice = openInvoice(sandbox.books, 'demo@example.vn', 500_000);
    const agencyInvoice = openInvoice(sandbox.books, 'agency@example.vn', 500_000);
    const demo = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));
    const agency = apiAs(sandbox.app, await signIn(sandbox.app, 'agency@example.vn'));

    const answers = await Promise.all([
      demo.post(`/billing/invoices/${demoInvoice}/pay`, { coupon_code: 'GIAM50K' }),
      agency.post(`/billing/invoices/${agencyInvoice}/pay`, { coupon_code: 'GIAM50K' }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(couponUses(sandbox.books, 'GIAM50K')).toBe(3);
    expect((await demo.get('/billing/invoices', undefined, { status: 'paid' })).json().total).toBe(
      answers[0]!.statusCode === 200 ? 1 : 0,
    );
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });
});

describe('debitIfCovered', () => {
  it('debits with its ledger row only when the balance covers the amount', async () => {
    const db = booksInMemory();
    await seedIfEmpty(db, START);
    const debit = {
      userId: userId(db, 'demo@example.vn'),
      type: 'payment' as const,
      method: 'balance' as const,
      text: { key: 'ledger.manual' as const, params: { note: 'test' } },
      reference: null,
      at: START,
    };

    expect(debitIfCovered(db, { ...debit, amount: 5_000_001 })).toBeUndefined();
    expect(debitIfCovered(db, { ...debit, amount: 5_000_000 })).toBe(0);
    expect(debitIfCovered(db, { ...debit, amount: 1 })).toBeUndefined();
    expect(ledgerMismatches(db)).toEqual([]);
  });
});

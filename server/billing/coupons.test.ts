import { describe, expect, it } from 'vitest';
import { takeCouponUse } from './coupons';
import type { Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { apiAs, booksInMemory, sandboxWithBooks, signIn, START, type Api } from '../testing';

const INVALID_COUPON = 'Mã giảm giá không hợp lệ.';

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;
const couponUses = (db: Db, code: string) =>
  (db.prepare('SELECT uses FROM coupons WHERE code = ?').get(code) as { uses: number }).uses;

describe('applyCoupon', () => {
  it('credits a credit coupon to the balance with its ledger row', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const applied = await api.post('/billing/apply_coupon', { code: 'nap100k' });

    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({
      message: 'Đã cộng 100.000 ₫ vào số dư.',
      amount: 100_000,
      balance: 5_100_000,
    });
    expect(await balanceOf(api)).toBe(5_100_000);
    const ledger = await api.get('/billing/balance_adjustments', undefined, { method: 'coupon' });
    expect(ledger.json()).toEqual({
      items: [
        {
          id: expect.any(Number),
          type: 'coupon',
          method: 'coupon',
          amount: 100_000,
          balance_after: 5_100_000,
          description: 'Nạp tiền bằng mã quà tặng NAP100K',
          description_key: 'ledger.coupon_credit',
          description_params: { code: 'NAP100K' },
          reference: 'NAP100K',
          created: START.toISOString(),
        },
      ],
      total: 1,
      page: 1,
      per_page: 20,
    });
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('refuses a second redemption by the same account, saying the account used it', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));
    expect((await api.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);

    const again = await api.post('/billing/apply_coupon', { code: 'nap100k' });
    const used = 'Tài khoản của bạn đã dùng mã NAP100K. Mỗi tài khoản chỉ dùng mã này một lần.';
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: used, errors: { code: used } });
    // The credit-code field's check says it before the customer tries.
    const checked = await api.get('/billing/coupons/check_code', undefined, {
      code: 'NAP100K',
      type: 'credit',
    });
    expect(checked.statusCode).toBe(400);
    expect(checked.json().message).toBe(used);
    expect(await balanceOf(api)).toBe(5_100_000);
    expect(couponUses(sandbox.books, 'NAP100K')).toBe(1);
    // Another account may still use it.
    const agency = apiAs(sandbox.app, await signIn(sandbox.app, 'agency@example.vn'));
    expect((await agency.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);
  });

  it('keeps the spec’s message for an unknown code, in the field and the answer', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const refused = await api.post('/billing/apply_coupon', { code: 'KHONGCO' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: INVALID_COUPON, errors: { code: INVALID_COUPON } });
    expect(await balanceOf(api)).toBe(5_000_000);
  });

  it('says a discount code is not a credit code, in the reader’s language', async () => {
    const sandbox = await sandboxWithBooks();
    const token = await signIn(sandbox.app, 'demo@example.vn');
    const api = apiAs(sandbox.app, token);
    const english = apiAs(sandbox.app, token, { 'accept-language': 'en' });

    const vi = await api.post('/billing/apply_coupon', { code: 'GIAM10' });
    const en = await english.post('/billing/apply_coupon', { code: 'GIAM10' });

    expect(vi.statusCode).toBe(400);
    expect(vi.json().message).toBe(
      'Mã GIAM10 là mã giảm giá, không cộng vào số dư: hãy dùng mã này khi thanh toán hoá đơn hoặc đơn hàng.',
    );
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      message:
        'The code GIAM10 is a discount code and does not credit the balance: use it when paying an invoice or an order.',
      errors: { code: expect.stringMatching(/^The code GIAM10 is a discount code/) },
    });
    expect(await balanceOf(api)).toBe(5_000_000);
    expect(couponUses(sandbox.books, 'GIAM10')).toBe(0);
  });

  it('says an expired code has expired, and a code with no uses left is used up', async () => {
    const sandbox = await sandboxWithBooks();
    sandbox.books
      .prepare(
        `INSERT INTO coupons (code, type, discount_type, value, description, max_uses, uses)
         VALUES ('HETLUOT', 'credit', 'amount', 50000, 'Cộng 50.000 ₫', 3, 3),
                ('NAPCU', 'credit', 'amount', 50000, 'Cộng 50.000 ₫', NULL, 0)`,
      )
      .run();
    sandbox.books
      .prepare("UPDATE coupons SET expires = '2025-01-01T00:00:00.000Z' WHERE code = 'NAPCU'")
      .run();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));

    const usedUp = await api.post('/billing/apply_coupon', { code: 'hetluot' });
    const expired = await api.post('/billing/apply_coupon', { code: 'NAPCU' });
    const expiredDiscount = await api.get('/billing/coupons/check_code', undefined, {
      code: 'HETHAN20',
      type: 'discount_invoice',
    });
    // An expired discount code in the gift-code box: expired, not "use it when paying".
    const expiredElsewhere = await api.post('/billing/apply_coupon', { code: 'HETHAN20' });

    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().message).toBe('Mã HETLUOT đã hết lượt sử dụng.');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Mã NAPCU đã hết hạn.');
    expect(expiredDiscount.statusCode).toBe(400);
    expect(expiredDiscount.json()).toEqual({
      message: 'Mã HETHAN20 đã hết hạn.',
      errors: { code: 'Mã HETHAN20 đã hết hạn.' },
    });
    expect(expiredElsewhere.statusCode).toBe(400);
    expect(expiredElsewhere.json().message).toBe('Mã HETHAN20 đã hết hạn.');
    expect(await balanceOf(api)).toBe(5_000_000);
    expect(couponUses(sandbox.books, 'HETLUOT')).toBe(3);
  });

  it('gives a coupon at its last use to exactly one of two concurrent redemptions', async () => {
    const sandbox = await sandboxWithBooks();
    sandbox.books.prepare("UPDATE coupons SET max_uses = 5, uses = 4 WHERE code = 'NAP100K'").run();
    const demo = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));
    const agency = apiAs(sandbox.app, await signIn(sandbox.app, 'agency@example.vn'));

    const answers = await Promise.all([
      demo.post('/billing/apply_coupon', { code: 'NAP100K' }),
      agency.post('/billing/apply_coupon', { code: 'NAP100K' }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(couponUses(sandbox.books, 'NAP100K')).toBe(5);
    expect((await balanceOf(demo)) + (await balanceOf(agency))).toBe(7_100_000);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });
});

describe('listBalanceAdjustments', () => {
  it('pages the account’s ledger newest first and filters it by type, method and id', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));
    await api.post('/billing/apply_coupon', { code: 'NAP100K' });

    const all = (await api.get('/billing/balance_adjustments')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((row: { type: string }) => row.type)).toEqual(['coupon', 'manual']);
    const opening = all.items[1];

    const page = await api.get('/billing/balance_adjustments', undefined, {
      page: '2',
      per_page: '1',
    });
    expect(page.json()).toEqual({ items: [opening], total: 2, page: 2, per_page: 1 });
    const byId = await api.get('/billing/balance_adjustments', undefined, {
      id: String(opening.id),
    });
    expect(byId.json().items).toEqual([opening]);
    const byType = await api.get('/billing/balance_adjustments', undefined, { type: 'manual' });
    expect(byType.json().items).toEqual([opening]);

    // Another account sees none of these rows.
    const agency = apiAs(sandbox.app, await signIn(sandbox.app, 'agency@example.vn'));
    const theirs = await agency.get('/billing/balance_adjustments', undefined, {
      id: String(opening.id),
    });
    expect(theirs.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('takeCouponUse', () => {
  it('takes a use only while one is left, so the last use goes to one caller', async () => {
    const db = booksInMemory();
    db.prepare("UPDATE coupons SET max_uses = 1 WHERE code = 'GIAM10'").run();

    expect(takeCouponUse(db, 'GIAM10')).toBe(true);
    expect(takeCouponUse(db, 'GIAM10')).toBe(false);
    expect(couponUses(db, 'GIAM10')).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import { changeBalance, ledgerMismatches } from './ledger';
import { seedIfEmpty } from '../sandbox/seed';
import { apiAs, booksInMemory, buyServer, sandboxWithBooks, signIn, START } from '../testing';

const userId = (books: Db, email: string) =>
  (books.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;

const ledgerRows = (books: Db, email: string) =>
  books
    .prepare(
      'SELECT type, method, amount, balance_after, reference FROM balance_adjustments WHERE user_id = ? ORDER BY id',
    )
    .all(userId(books, email));

describe('the balance ledger: balance = the sum of the ledger rows, for every account', () => {
  it('holds after the seed, whose opening balances are ledger rows of their own', async () => {
    const db = booksInMemory();
    await seedIfEmpty(db, START);

    expect(ledgerMismatches(db)).toEqual([]);
    expect(ledgerRows(db, 'demo@example.vn')).toEqual([
      {
        type: 'manual',
        method: 'admin',
        amount: 5_000_000,
        balance_after: 5_000_000,
        reference: null,
      },
    ]);
  });

  it('reports an account whose balance changed without a ledger row', async () => {
    const db = booksInMemory();
    await seedIfEmpty(db, START);
    db.prepare("UPDATE users SET balance = balance + 1 WHERE email = 'demo@example.vn'").run();

    expect(ledgerMismatches(db)).toEqual([
      { email: 'demo@example.vn', balance: 5_000_001, ledger: 5_000_000 },
    ]);
  });

  it('holds after order payments', async () => {
    const sandbox = await sandboxWithBooks();
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'demo@example.vn'));
    await buyServer(api, { name: 'web-01' });
    await buyServer(api, { name: 'web-02', cpu: 4, ram: 8, disk: 80 });

    expect(ledgerRows(sandbox.books, 'demo@example.vn')).toHaveLength(3);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });

  it('holds after a trial upgrade, which leaves a paid invoice and its ledger row', async () => {
    const sandbox = await sandboxWithBooks();
    // There is no top-up operation yet: the account is credited in the books, as an admin would.
    changeBalance(sandbox.books, {
      userId: userId(sandbox.books, 'trial@example.vn'),
      type: 'manual',
      method: 'admin',
      amount: 300_000,
      text: { key: 'ledger.manual' as const, params: { note: 'Nạp thêm để nâng cấp' } },
      reference: null,
      at: START,
    });
    const api = apiAs(sandbox.app, await signIn(sandbox.app, 'trial@example.vn'));
    const { total } = (await api.get('/auth/trial')).json();

    const upgrade = await api.post('/auth/user/upgrade');

    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const invoices = (await api.get('/billing/invoices')).json().items;
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: total,
        description: expect.stringMatching(/^Nâng cấp tài khoản dùng thử: vps-dung-thu-01 \(/),
      }),
    ]);
    expect(ledgerRows(sandbox.books, 'trial@example.vn').at(-1)).toEqual({
      type: 'payment',
      method: 'balance',
      amount: -total,
      balance_after: 300_000 - total,
      reference: invoices[0].code,
    });
    expect((await api.get('/auth/user')).json().balance).toBe(300_000 - total);
    expect(ledgerMismatches(sandbox.books)).toEqual([]);
  });
});

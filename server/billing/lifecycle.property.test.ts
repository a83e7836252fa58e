/**
 * The life cycle's promises over any sequence of what a customer and time can do: clock moves,
 * top-ups, payments, deletes and the auto-pay switch. After every step (and the sweep that runs
 * every minute): the books balance, no period is charged twice, nothing paid is suspended, and
 * nothing unpaid past its grace period runs.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIFE_POLICY, suspendAt } from '../../src/domain/serviceLife';
import { changeBalance, ledgerMismatches } from './ledger';
import { sweepLifecycle } from './lifecycle';
import type { Db } from '../platform/db';
import { apiAs, buyServer, sandboxWithBooks, signIn } from '../testing';

const DEMO = 'demo@example.vn';

type Step =
  | { kind: 'advance'; hours: number }
  | { kind: 'topUp'; amount: number }
  | { kind: 'payOldest' }
  | { kind: 'deleteNewest' }
  | { kind: 'buy' }
  | { kind: 'autoPay'; on: boolean }
  | { kind: 'spendDown' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: 1, max: 40 * 24 })
      .map((hours) => ({ kind: 'advance' as const, hours })),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 1, max: 2_000 })
      .map((k) => ({ kind: 'topUp' as const, amount: k * 1_000 })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'payOldest' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteNewest' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'buy' as const }) },
  { weight: 1, arbitrary: fc.boolean().map((on) => ({ kind: 'autoPay' as const, on })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'spendDown' as const }) },
);

let bought = 0;

const demoId = (db: Db) =>
  db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(DEMO) as number;

async function perform(
  target: FastifyInstance,
  db: Db,
  clock: { advance: (ms: number) => void; now: () => Date },
  action: Step,
) {
  const api = apiAs(target, await signIn(target, DEMO));
  const userId = demoId(db);
  switch (action.kind) {
    case 'advance':
      clock.advance(action.hours * 60 * 60 * 1000);
      return;
    case 'topUp':
      db.transaction(() =>
        changeBalance(db, {
          userId,
          type: 'manual',
          method: 'admin',
          amount: action.amount,
          text: { key: 'ledger.manual' as const, params: { note: 'property test top-up' } },
          reference: null,
          at: clock.now(),
        }),
      )();
      return;
    case 'spendDown': {
      const balance = db
        .prepare('SELECT balance FROM users WHERE id = ?')
        .pluck()
        .get(userId) as number;
      if (balance > 0) {
        db.transaction(() =>
          changeBalance(db, {
            userId,
            type: 'manual',
            method: 'admin',
            amount: -balance,
            text: { key: 'ledger.manual' as const, params: { note: 'property test spend-down' } },
            reference: null,
            at: clock.now(),
          }),
        )();
      }
      return;
    }
    case 'payOldest': {
      const invoice = db
        .prepare(
          `SELECT id FROM invoices WHERE user_id = ? AND status = 'open' ORDER BY due_date LIMIT 1`,
        )
        .pluck()
        .get(userId) as number | undefined;
      if (invoice !== undefined) {
        const paid = await api.post(`/billing/invoices/${invoice}/pay`);
        expect([200, 402]).toContain(paid.statusCode);
      }
      return;
    }
    case 'deleteNewest': {
      const server = db
        .prepare(
          'SELECT id FROM servers WHERE user_id = ? AND deleted_at IS NULL ORDER BY id DESC LIMIT 1',
        )
        .pluck()
        .get(userId) as number | undefined;
      if (server !== undefined) {
        const deleted = await api.delete(`/cloud/servers/${server}`);
        // Refused while overdue (403), suspended or busy (400): nothing changes then.
        expect([202, 400, 403]).toContain(deleted.statusCode);
      }
      return;
    }
    case 'buy':
      // Refused while the account is blocked (403): nothing changes then.
      await buyServer(api, { name: `web-${(bought += 1)}` }).catch(() => undefined);
      return;
    case 'autoPay':
      expect(
        (await api.patch('/account/profile', { auto_pay_renewals: action.on })).statusCode,
      ).toBe(200);
      return;
  }
}

function checkPromises(db: Db, now: Date) {
  expect(ledgerMismatches(db)).toEqual([]);
  // No period charged twice: one paid renewal per resource and period.
  const doubles = db
    .prepare(
      `SELECT resource_type, resource_id, renewal_period_end, COUNT(*) AS n FROM invoices
        WHERE status = 'paid' AND renewal_period_end IS NOT NULL
        GROUP BY resource_type, resource_id, renewal_period_end HAVING n > 1`,
    )
    .all();
  expect(doubles).toEqual([]);
  const userId = demoId(db);
  const whitelisted =
    db.prepare('SELECT is_in_whitelist FROM users WHERE id = ?').pluck().get(userId) === 1;
  const servers = db
    .prepare(
      "SELECT id, suspended_at FROM servers WHERE user_id = ? AND deleted_at IS NULL AND task IS NOT 'delete'",
    )
    .all(userId) as { id: number; suspended_at: string | null }[];
  for (const server of servers) {
    const unpaid = db
      .prepare(
        `SELECT due_date FROM invoices WHERE status = 'open' AND resource_type = 'server'
          AND resource_id = ? ORDER BY due_date LIMIT 1`,
      )
      .pluck()
      .get(server.id) as string | undefined;
    const pastGrace =
      unpaid !== undefined && suspendAt(new Date(unpaid), DEFAULT_LIFE_POLICY) <= now;
    // Nothing paid is suspended; nothing unpaid past its grace runs.
    expect({ server: server.id, suspended: server.suspended_at !== null }).toEqual({
      server: server.id,
      suspended: pastGrace && !whitelisted,
    });
  }
}

describe('the life cycle over any sequence of events', () => {
  it('keeps the books, charges each period once, and suspends exactly what is unpaid past grace', async () => {
    let previous: Awaited<ReturnType<typeof sandboxWithBooks>> | undefined;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        await previous?.close();
        const { app, books: db, clock } = (previous = await sandboxWithBooks());
        await buyServer(apiAs(app, await signIn(app, DEMO)));
        for (const action of steps) {
          await perform(app, db, clock, action);
          // As the running sandbox does after its clock moved: a sweep a day through the move.
          sweepLifecycle(db, clock.now());
          checkPromises(db, clock.now());
        }
      }),
      { numRuns: 20 },
    );
  });
});

/**
 * A snapshot the customer took is billed month by month, as its price says ("per month"): before,
 * only the rest of its first month was charged and it was kept free from then on.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIFE_POLICY } from '../../src/domain/serviceLife';
import type { Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { INVOICE_CODE_SQL } from './orderRows';
import { packageIdOf } from './packages';
import {
  apiAs,
  buyServer,
  mailsTo,
  moveSandboxClock,
  sandboxWithBooks,
  signIn,
  type Api,
  setBalanceAsAdmin,
} from '../testing';

const DEMO = 'demo@example.vn';
/** web-01's root disk, 40 GB SSD, at the SNAPSHOT SSD price of 2.000 ₫ a gigabyte a month. */
const SNAPSHOT_MONTHLY = 40 * 2_000;
const APRIL = '2025-03-31T17:00:00.000Z';
const MAY = '2025-04-30T17:00:00.000Z';
/** Long enough for the simulated build and copy to finish. */
const TASKS_DONE_MS = 30 * 60_000;

const as = async (app: FastifyInstance, email = DEMO): Promise<Api> =>
  apiAs(app, await signIn(app, email));

const renewalsOf = (db: Db, snapshotId: number) =>
  db
    .prepare(
      `SELECT id, status, amount, due_date, description FROM invoices
        WHERE resource_type = 'snapshot' AND resource_id = ? AND renewal_period_end IS NOT NULL
        ORDER BY id`,
    )
    .all(snapshotId) as {
    id: number;
    status: string;
    amount: number;
    due_date: string;
    description: string;
  }[];

/** web-01 bought and built, and a snapshot of its root disk taken and paid: answers both ids. */
async function serverWithSnapshot(app: FastifyInstance, clock: { advance: (ms: number) => void }) {
  const api = await as(app);
  const serverId = await buyServer(api);
  clock.advance(TASKS_DONE_MS);
  const taken = await api.post('/storage/snapshots', { name: 'web-01-copy', server_id: serverId });
  expect(taken.statusCode, taken.body).toBe(201);
  clock.advance(TASKS_DONE_MS);
  return { api, serverId, snapshotId: taken.json().snapshot.id as number };
}

describe('a snapshot', () => {
  it('is a package at its monthly price, renewed a week before its month ends and paid on its due date', async () => {
    const { app, books, clock } = await sandboxWithBooks();
    const { api, snapshotId } = await serverWithSnapshot(app, clock);
    const packages = (
      await api.get('/billing/packages', undefined, { resource_type: 'snapshot' })
    ).json().items as { id: number; end: string; price: { monthly: number } }[];
    expect(packages).toEqual([
      expect.objectContaining({
        id: packageIdOf('snapshot', snapshotId),
        end: APRIL,
        price: expect.objectContaining({ monthly: SNAPSHOT_MONTHLY }),
      }),
    ]);

    await moveSandboxClock(app, { days: 25 });
    const [renewal] = renewalsOf(books, snapshotId);
    expect(renewal).toMatchObject({
      status: 'open',
      amount: SNAPSHOT_MONTHLY,
      due_date: APRIL,
      description: 'web-01-copy: gia hạn 1 tháng (từ 01-04-2025 đến hết 30-04-2025)',
    });

    await moveSandboxClock(app, { days: 6 });
    expect(renewalsOf(books, snapshotId)[0]!.status).toBe('paid');
    // One ledger row took its price from the balance.
    const taken = books
      .prepare(
        `SELECT amount FROM balance_adjustments
          WHERE type = 'payment' AND reference = (SELECT ${INVOICE_CODE_SQL} FROM invoices
                                                   WHERE id = ?)`,
      )
      .pluck()
      .all(renewal!.id);
    expect(taken).toEqual([-SNAPSHOT_MONTHLY]);
    const [renewed] = (
      await (await as(app)).get('/billing/packages', undefined, { resource_type: 'snapshot' })
    ).json().items as { end: string }[];
    expect(renewed?.end).toBe(MAY);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('left unpaid, is mailed with the day it will be deleted, kept until then, and deleted', async () => {
    const { app, books, clock } = await sandboxWithBooks();
    const { api, serverId, snapshotId } = await serverWithSnapshot(app, clock);
    // The server is paid ahead, so only the snapshot goes unpaid.
    const ahead = await api.post('/billing/orders', {
      type: 'renew',
      data: { package_id: packageIdOf('server', serverId) },
      interval_count: 6,
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
    const paid = await api.post(`/billing/orders/${ahead.json().id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    setBalanceAsAdmin(books, DEMO, 0);

    await moveSandboxClock(app, { days: 31 });
    const overdue = (await mailsTo(app, DEMO)).find((mail) => /đã quá hạn/.test(mail.subject));
    expect(overdue?.text).toContain(
      `snapshot sẽ bị xoá vào ngày ${deleteDay(DEFAULT_LIFE_POLICY.terminateAfterDays)}`,
    );
    await moveSandboxClock(app, { days: DEFAULT_LIFE_POLICY.graceDays });
    const kept = await (await as(app)).get(`/storage/snapshots/${snapshotId}`);
    expect(kept.json()).toMatchObject({ status: 'available' });

    await moveSandboxClock(app, { days: DEFAULT_LIFE_POLICY.terminateAfterDays });
    const later = await as(app);
    expect((await later.get(`/storage/snapshots/${snapshotId}`)).statusCode).toBe(404);
    expect(renewalsOf(books, snapshotId)[0]!.status).toBe('cancelled');
    expect((await later.get(`/cloud/servers/${serverId}`)).json().status).toBe('active');
    expect((await later.get('/auth/user')).json().has_expired_invoices).toBe(false);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('deleted while its renewal is open, has that renewal cancelled', async () => {
    const { app, books, clock } = await sandboxWithBooks();
    const { snapshotId } = await serverWithSnapshot(app, clock);
    await moveSandboxClock(app, { days: 25 });
    expect(renewalsOf(books, snapshotId)[0]!.status).toBe('open');

    const deleted = await (await as(app)).delete(`/storage/snapshots/${snapshotId}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await moveSandboxClock(app, { days: 1 });
    expect(renewalsOf(books, snapshotId)[0]!.status).toBe('cancelled');
  });
});

/** DD-MM-YYYY of the day the unpaid snapshot is deleted: that many days after its due date. */
function deleteDay(days: number): string {
  const day = new Date(Date.parse(APRIL) + days * 24 * 60 * 60 * 1000 + 7 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getUTCDate())}-${pad(day.getUTCMonth() + 1)}-${day.getUTCFullYear()}`;
}

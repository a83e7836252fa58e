/**
 * The sandbox the benchmark measures against: in this process, on a free port of 127.0.0.1, with
 * a database of its own (the demo accounts are seeded on a fresh one) and the bench's build as
 * the portal. The demo customer gets enough ledger rows for a 100-row page of balance history
 * and a year of spending for the dashboard chart, and six running servers with a volume each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/platform/db';
import { changeBalance } from '../../server/billing/ledger';
import { createServer } from '../../server/compute/servers';
import { createDataVolumes } from '../../server/storage/volumes';
import { DEMO_PASSWORD } from '../../server/sandbox/seed';

export const BENCH_CUSTOMER = 'demo@example.vn';
/** More than one page of 100, so the list has to be paged by the server. */
export const LEDGER_ROWS = 150;
/** The customer's servers (running, each with a data volume): issue 21's server list. */
export const BENCH_SERVERS = [
  'bench-web-01',
  'bench-web-02',
  'bench-db-01',
  'bench-db-02',
  'bench-cache-01',
  'bench-mail-01',
];

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BenchSandbox {
  origin: string;
  /** The bench customer's session, as the login page would keep it. */
  session: { token: string; user: unknown };
  /** Their servers, in BENCH_SERVERS' order, and the names of their data volumes. */
  servers: { id: number; name: string }[];
  volumes: string[];
  stop: () => Promise<void>;
}

export async function startBenchSandbox(portalDir: string): Promise<BenchSandbox> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-db-'));
  const dbFile = join(dataDir, 'sandbox.db');
  const app: FastifyInstance = await buildApp({
    dbFile,
    staticDir: portalDir,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  addLedgerRows(dbFile, BENCH_CUSTOMER, LEDGER_ROWS);
  const { servers, volumes } = addServers(dbFile, BENCH_CUSTOMER);
  const token = await signIn(origin, BENCH_CUSTOMER, DEMO_PASSWORD);
  const user = await (
    await fetch(`${origin}/api/v1/auth/user`, { headers: { authorization: `Token ${token}` } })
  ).json();
  return {
    origin,
    session: { token, user },
    servers,
    volumes,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Top-ups and payments, one every other day back from today: history rows and spending. */
function addLedgerRows(dbFile: string, email: string, count: number): void {
  const db = openDatabase(dbFile);
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as
      { id: number } | undefined;
    if (!user) throw new Error(`The seed has no ${email}`);
    const now = Date.now();
    db.transaction(() => {
      for (let index = count; index > 0; index -= 1) {
        const payment = index % 2 === 0;
        changeBalance(db, {
          userId: user.id,
          type: payment ? 'payment' : 'topup',
          method: payment ? 'balance' : 'bank_transfer',
          amount: payment ? -90_000 - (index % 7) * 10_000 : 150_000,
          text: {
            key: 'ledger.manual' as const,
            params: { note: payment ? `bench-${index}: gia hạn 1 tháng` : 'Nạp tiền (bench)' },
          },
          reference: null,
          at: new Date(now - index * 2 * DAY_MS),
        });
      }
    })();
  } finally {
    db.close();
  }
}

/** BENCH_SERVERS, built and paid to the end of the month, each with a 50 GB SSD volume. */
function addServers(
  dbFile: string,
  email: string,
): { servers: { id: number; name: string }[]; volumes: string[] } {
  const db = openDatabase(dbFile);
  try {
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const now = new Date();
    const expiry = new Date(now.getTime() + 20 * DAY_MS).toISOString();
    const servers = db.transaction(() =>
      BENCH_SERVERS.map((name, index) => {
        const server = {
          userId: user.id,
          name,
          cpu: 2,
          ram: 2 + 2 * (index % 2),
          disk: 40,
          diskType: 'SSD' as const,
          imageId: 1,
          datacenter: 'HN',
          keyName: null,
          interval: 1 as const,
          expiry,
          extraIpv4: 0,
          ipv6: 0,
        };
        const created = new Date(now.getTime() - (60 - index) * DAY_MS);
        const { id } = createServer(db, server, created, 0, true);
        createDataVolumes(
          db,
          { id, user_id: user.id, name, datacenter: 'HN', interval_count: 1, expiry },
          [{ size: 50, type: 'SSD' }],
          created,
        );
        return { id, name };
      }),
    )();
    const volumes = (
      db
        .prepare('SELECT name FROM volumes WHERE user_id = ? AND deleted_at IS NULL ORDER BY id')
        .all(user.id) as { name: string }[]
    ).map((row) => row.name);
    return { servers, volumes };
  } finally {
    db.close();
  }
}

async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (!response.ok) throw new Error(`Signing in ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The sandbox clock: the base time (real time, or a test's clock) plus an offset kept in the
 * database, so a demo can move time forward to see renewals, overdue invoices and trials ending,
 * and a restart keeps the demo's time. Every `now()` of the app reads it.
 *
 * The offset only grows. Going back would put sessions, tokens, tasks and ledger rows after the
 * present; a demo that wants the real time again starts from a fresh database.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import { ApiError, badRequest } from './errors';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** The largest single step forward; a longer jump is several steps (each runs the renewals). */
export const MAX_ADVANCE_DAYS = 400;

const OFFSET_KEY = 'clock_offset_ms';

export interface SandboxClock {
  now: () => Date;
  /** How far the sandbox runs ahead of the base time, in milliseconds. */
  offsetMs: () => number;
  /** Moves the clock forward; 400 for a step that is not forward or longer than the maximum. */
  advance: (ms: number) => void;
}

export interface ClockStep {
  days?: number;
  hours?: number;
}

export const stepMs = (step: ClockStep) => (step.days ?? 0) * DAY_MS + (step.hours ?? 0) * HOUR_MS;

export function sandboxClock(db: Db, base: () => Date): SandboxClock {
  const read = db.prepare('SELECT value FROM sandbox_settings WHERE key = ?').pluck();
  const add = db.prepare(
    `INSERT INTO sandbox_settings (key, value) VALUES (@key, @ms)
     ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + @ms AS TEXT)`,
  );
  // Read on every call rather than cached, so that two processes on one database file agree;
  // the last value read serves the moments after the database has closed.
  let lastOffset = 0;
  const offsetMs = () => {
    if (db.open) lastOffset = Number((read.get(OFFSET_KEY) as string | undefined) ?? 0);
    return lastOffset;
  };
  return {
    now: () => new Date(base().getTime() + offsetMs()),
    offsetMs,
    advance: (ms) => {
      requireForwardStep(ms);
      add.run({ key: OFFSET_KEY, ms: String(ms) });
    },
  };
}

function requireForwardStep(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) throw badRequest('server.clock.backwards');
  if (ms < HOUR_MS) throw badRequest('server.clock.no_step');
  if (ms > MAX_ADVANCE_DAYS * DAY_MS) {
    throw new ApiError(400, 'server.clock.too_far', { days: MAX_ADVANCE_DAYS });
  }
}

/**
 * Every /api/v1 answer carries the sandbox's time in its `Date` header, in place of the
 * computer's, so the portal decides what is due or overdue by the sandbox's clock (moved or not),
 * as it would by the provider's (src/api/serverClock.ts). Set when sending, so errors carry it too.
 */
export function sendSandboxTime(
  app: FastifyInstance,
  now: () => Date,
  apiPrefix = '/api/v1',
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
      reply.header('date', now().toUTCString());
    }
    return payload;
  });
}

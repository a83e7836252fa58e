/**
 * Idempotency keys (the contract's `Idempotency-Key` header, our extension): an operation that
 * buys something new on every call answers a repeat of a succeeded request — same account, same
 * operation, same key, within a day — with the first answer, and moves no money again. Only
 * successes are kept: a refused request changed nothing, so sending it again runs it again.
 */
import type { Db } from './db';
import { badRequest } from './errors';
import { Answer } from './handler';

/** How long a key is remembered, by the sandbox clock. */
export const IDEMPOTENCY_KEY_HOURS = 24;

interface KeyedRequest {
  userId: number;
  operation: string;
  /** The header's value; undefined runs `run` as if keys did not exist. */
  key: string | undefined;
  /** What identifies the request besides the key: its path parameters and body. */
  request: unknown;
  now: Date;
}

/** JSON with every object's keys sorted: the same request, however its fields were ordered. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Runs `run` once per key: its answer is stored with the key, and a repeat answers it again.
 * Call it inside the transaction that moves the money, so that two requests sent at once with
 * one key cannot both run.
 */
export function onceForKey<Body>(
  db: Db,
  { userId, operation, key, request, now }: KeyedRequest,
  status: number,
  run: () => Body,
): Body | Answer<Body> {
  if (key === undefined) return run();
  const fingerprint = canonicalJson(request);
  const since = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3600_000).toISOString();
  db.prepare('DELETE FROM idempotent_answers WHERE created_at < ?').run(since);
  const kept = db
    .prepare(
      `SELECT request, status, body FROM idempotent_answers
        WHERE user_id = ? AND operation = ? AND key = ?`,
    )
    .get(userId, operation, key) as { request: string; status: number; body: string } | undefined;
  if (kept) {
    if (kept.request !== fingerprint) throw badRequest('server.idempotency_key_reused');
    return new Answer(kept.status, JSON.parse(kept.body) as Body);
  }
  const body = run();
  db.prepare(
    `INSERT INTO idempotent_answers (user_id, operation, key, request, status, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(userId, operation, key, fingerprint, status, JSON.stringify(body), now.toISOString());
  return body;
}

/**
 * The weekly auto-snapshot (spec §9: weekly, free, only one recent backup kept): when a server's
 * active schedule comes round (weekday and hour, Vietnam time), a copy of its root disk is taken,
 * marked `auto`, at no price, and the previous automatic copy of that server goes. Like every task
 * of the sandbox it follows the clock, not a timer: `settleServers` runs it, so a clock that
 * jumps weeks ahead finds the latest run taken. A server that is busy or off its rest statuses at
 * that hour is copied at its next run. Automatic copies are restored like any other
 * (storage/snapshots.ts `restoreServerFromSnapshot`, issue 19).
 */
import { nextWeeklyAt } from '../../src/domain/vietnamTime';
import type { Db } from '../platform/db';
import type { ServerRow } from '../billing/resourceRows';

interface DueSchedule {
  server_id: number;
  weekday: number;
  hour: number;
  last_run: string | null;
  created_at: string;
}

/** Taking the copy takes as long as a snapshot does (storage/snapshots.ts `snapshotSeconds`). */
const COPY_SECONDS = 5;

/** The latest run of the schedule that is due by `now` and not yet taken, if any. */
function dueRun(schedule: DueSchedule, now: Date): Date | undefined {
  const since = new Date(schedule.last_run ?? schedule.created_at);
  let run = nextWeeklyAt(schedule.weekday, schedule.hour, since);
  if (run > now) return undefined;
  for (let next = nextWeeklyAt(schedule.weekday, schedule.hour, run); next <= now;) {
    run = next;
    next = nextWeeklyAt(schedule.weekday, schedule.hour, run);
  }
  return run;
}

/** A free name among the account's live snapshots: auto-<server id>-<yyyymmdd>[-n]. */
function autoName(db: Db, userId: number, serverId: number, run: Date): string {
  const day = run.toISOString().slice(0, 10).replaceAll('-', '');
  const taken = db.prepare(
    'SELECT 1 FROM snapshots WHERE user_id = ? AND name = ? COLLATE NOCASE AND deleted_at IS NULL',
  );
  const base = `auto-${serverId}-${day}`;
  let name = base;
  for (let n = 2; taken.get(userId, name) !== undefined; n += 1) name = `${base}-${n}`;
  return name;
}

/** Takes every automatic copy due by `now` (inside the caller's transaction or its own). */
export function takeDueAutoSnapshots(db: Db, now: Date, isIdle: (row: ServerRow) => boolean) {
  const schedules = db
    .prepare(
      `SELECT s.server_id, s.weekday, s.hour, s.last_run, s.created_at
         FROM snapshot_schedules s JOIN servers v ON v.id = s.server_id
        WHERE s.status = 'active' AND v.deleted_at IS NULL`,
    )
    .all() as DueSchedule[];
  for (const schedule of schedules) {
    const run = dueRun(schedule, now);
    if (!run) continue;
    const server = db
      .prepare('SELECT * FROM servers WHERE id = ?')
      .get(schedule.server_id) as ServerRow;
    if (!isIdle(server)) continue;
    const at = run.toISOString();
    // Only one recent backup is kept: the previous automatic copy goes.
    db.prepare(
      `UPDATE snapshots SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
        WHERE server_id = ? AND auto = 1 AND deleted_at IS NULL`,
    ).run(at, server.id);
    const { id } = db
      .prepare(
        `INSERT INTO snapshots (user_id, name, volume_id, server_id, image_id, size, type,
           datacenter, status, task, task_ends_at, auto, price, expiry, created_at)
         VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 'available', 'create', ?, 1, 0, NULL, ?) RETURNING id`,
      )
      .get(
        server.user_id,
        autoName(db, server.user_id, server.id, run),
        server.id,
        server.image_id,
        server.disk,
        server.disk_type,
        server.datacenter,
        new Date(run.getTime() + COPY_SECONDS * 1000).toISOString(),
        at,
      ) as { id: number };
    db.prepare(
      'UPDATE snapshot_schedules SET last_run = ?, snapshot_id = ? WHERE server_id = ?',
    ).run(at, id, server.id);
  }
}

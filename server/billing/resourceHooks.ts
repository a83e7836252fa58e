/**
 * What billing needs done to the resources it sells. Servers, volumes and snapshots live in areas above
 * billing (compute, storage), and imports only go down (docs/architecture.md): so billing declares
 * here what it needs, and the composition (server/handlers.ts `connectAreas`) registers the
 * implementations of those areas, once, before anything runs.
 */
import type { Db } from '../platform/db';

export interface ResourceHooks {
  /** Writes down every task whose time has come (compute/servers.ts `settleServers`). */
  settle: (db: Db, now: Date) => void;
  /** Deletes a volume at once, as its owner's delete would (storage/volumes.ts). */
  deleteVolume: (db: Db, volumeId: number, now: Date) => void;
  /** Deletes a snapshot at once, as its owner's delete would (storage/snapshots.ts). */
  deleteSnapshot: (db: Db, snapshotId: number, now: Date) => void;
}

let hooks: ResourceHooks | undefined;

export function registerResourceHooks(implementation: ResourceHooks): void {
  hooks = implementation;
}

function registered(): ResourceHooks {
  if (!hooks) throw new Error('Billing has no resource hooks: call connectAreas() first');
  return hooks;
}

/** Brings the resources up to `now` before billing reads or changes them. */
export function settleResources(db: Db, now: Date): void {
  registered().settle(db, now);
}

export function deleteVolume(db: Db, volumeId: number, now: Date): void {
  registered().deleteVolume(db, volumeId, now);
}

export function deleteSnapshot(db: Db, snapshotId: number, now: Date): void {
  registered().deleteSnapshot(db, snapshotId, now);
}

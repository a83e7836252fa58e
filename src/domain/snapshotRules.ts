/**
 * Snapshot rules shared by the snapshot screens and the sandbox (spec §3, §5, §9): a snapshot
 * needs a volume to copy, and is priced by the `SNAPSHOT SSD` or `SNAPSHOT HDD` product per
 * gigabyte of its source.
 */
import type { ValidationMessage } from './validation';

export type SnapshotDiskType = 'SSD' | 'HDD';

/** Spec §3/§7: snapshots are priced by the products named `SNAPSHOT SSD` and `SNAPSHOT HDD`. */
export const SNAPSHOT_PRODUCT_NAMES: Record<SnapshotDiskType, 'SNAPSHOT SSD' | 'SNAPSHOT HDD'> = {
  SSD: 'SNAPSHOT SSD',
  HDD: 'SNAPSHOT HDD',
};

/** What a snapshot copies: a data volume or a server's root disk, exactly one of them. */
export interface SnapshotSource {
  volume_id?: number | null;
  server_id?: number | null;
}

/** Spec §5: "Snapshot requires a volume". */
export function validateSnapshotSource(source: SnapshotSource): ValidationMessage {
  const chosen = [source.volume_id, source.server_id].filter(
    (id) => id !== undefined && id !== null,
  );
  return chosen.length === 1 ? undefined : 'validation.snapshot_volume_required';
}

/**
 * A snapshot source as one form value: `volume:<id>` or `server:<id>` (a server's root disk), so
 * a single select can offer both.
 */
export function encodeSnapshotSource(source: SnapshotSource): string {
  if (source.volume_id) return `volume:${source.volume_id}`;
  if (source.server_id) return `server:${source.server_id}`;
  return '';
}

export function decodeSnapshotSource(value: string | undefined): {
  volume_id?: number;
  server_id?: number;
} {
  const match = /^(volume|server):([1-9][0-9]*)$/.exec(value ?? '');
  if (!match) return {};
  const id = Number(match[2]);
  return match[1] === 'volume' ? { volume_id: id } : { server_id: id };
}

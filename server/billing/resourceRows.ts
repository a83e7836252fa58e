/**
 * The stored rows of the resources billing sells, renews, suspends and deletes: servers
 * (compute/servers.ts) and volumes (storage/volumes.ts). Those areas own the rows and re-export
 * these types; they live here, below them, because billing reads the rows too and must not import
 * compute or storage (imports only go down, docs/architecture.md).
 */
import type { IntervalCount } from '../../src/domain/pricing';

export type Task =
  | 'build'
  | 'power_on'
  | 'power_off'
  | 'soft_reboot'
  | 'hard_reboot'
  | 'reset_password'
  | 'rebuild'
  | 'resize'
  | 'delete';

export type RestStatus = 'active' | 'shutoff' | 'error' | 'deleted';

export interface ServerRow {
  id: number;
  user_id: number;
  name: string;
  status: RestStatus;
  cpu: number;
  ram: number;
  disk: number;
  disk_type: 'SSD' | 'HDD';
  image_id: number;
  datacenter: string;
  key_name: string | null;
  interval_count: IntervalCount;
  expiry: string | null;
  /** When the life cycle suspended it for an unpaid invoice; null while it may run. */
  suspended_at: string | null;
  task: Task | null;
  task_started_at: string | null;
  task_ends_at: string | null;
  delete_volumes: 0 | 1 | null;
  /** While a `rebuild` task restores the root disk from this snapshot (compute/servers.ts). */
  restore_snapshot_id: number | null;
  created_at: string;
  deleted_at: string | null;
}

export type DiskType = 'SSD' | 'HDD';
export type VolumeTask = 'create' | 'attach' | 'detach' | 'extend' | 'restore';

export interface VolumeRow {
  id: number;
  user_id: number;
  name: string;
  size: number;
  type: DiskType;
  status: 'available' | 'in_use' | 'deleted';
  server_id: number | null;
  datacenter: string;
  price: number;
  interval_count: IntervalCount;
  expiry: string | null;
  /** When the life cycle suspended it for an unpaid invoice (server/lifecycle.ts). */
  suspended_at: string | null;
  task: VolumeTask | null;
  task_ends_at: string | null;
  created_at: string;
  deleted_at: string | null;
}

/**
 * Orders and invoices as the database stores them: the rows, the work a paid order does as stored
 * with it, and the invoice code. Kept apart from the modules that place, pay and do orders
 * (orders.ts, volumeOrders.ts, snapshots.ts, ledger.ts, invoiceDocument.ts) so that each of them
 * can read these shapes without importing another.
 */
import type { components } from '../../src/api/schema';
import type { IntervalCount } from '../../src/domain/pricing';
import type { DiskType } from './resourceRows';

type Order = components['schemas']['Order'];
type OrderType = components['schemas']['OrderType'];
type Invoice = components['schemas']['Invoice'];
type ServerConfig = components['schemas']['ServerConfig'];

/** What a paid create_server order builds, as stored with the order. */
export interface CreateServerWork {
  name: string;
  image_id: number;
  datacenter: string;
  key_name: string | null;
  /** Every key to install, key_name first (absent in orders stored before several keys). */
  key_names?: string[];
  /** Generate an administrator password and mail it. */
  password: boolean;
  /** Built from this snapshot of a root disk (issue 19), not a fresh image. */
  snapshot_id?: number;
  cpu: number;
  ram: number;
  disk: number;
  disk_type: 'SSD' | 'HDD';
  extra_ipv4: number;
  ipv6: number;
  /** Data disks, made volumes attached to the server (absent in orders stored before them). */
  datadisks?: { size: number; type: 'SSD' | 'HDD' }[];
}

export interface ResizeWork {
  server_id: number;
  cpu: number;
  ram: number;
  disk: number;
}

/** A `renew` order (billing/renewOrders.ts): the period it extends, as it was when placed. */
export interface RenewWork {
  resource_type: 'server' | 'volume' | 'snapshot';
  resource_id: number;
  package_id: number;
  /** The end of the paid period when the order was placed: the renewal starts there. */
  from: string;
  months: IntervalCount;
}

export interface BuyIpWork {
  server_id: number;
  version: 'ipv4' | 'ipv6';
  quantity: number;
}

export interface OrderRow {
  id: number;
  user_id: number;
  type: OrderType;
  status: Order['status'];
  info: string;
  amount: number;
  interval_count: IntervalCount;
  resource_id: number | null;
  new_cpu: number | null;
  new_ram: number | null;
  new_disk: number | null;
  new_size: number | null;
  expiry: string | null;
  data: string;
  invoice_id: number | null;
  created_at: string;
  paid_at: string | null;
  /** What the order was priced from (billing/pricedState.ts); null for a new resource's order. */
  priced_from: string | null;
}

/** What a paid create_volume order makes, as stored with the order. */
export interface CreateVolumeWork {
  name: string;
  size: number;
  type: DiskType;
  datacenter: string;
  server_id: number | null;
}

export interface ExtendVolumeWork {
  volume_id: number;
  size: number;
}

/** What a create_snapshot order copies, as stored with the order, and the disk it was priced at. */
export interface TakeSnapshotWork {
  name: string;
  volume_id: number | null;
  server_id: number | null;
  size: number;
  type: DiskType;
}

/** What a create_volume order restoring a snapshot makes, as stored with the order. */
export interface RestoreSnapshotWork {
  name: string;
  size: number;
  type: DiskType;
  datacenter: string;
  snapshot_id: number;
}

export interface NewOrder {
  userId: number;
  type: OrderType;
  info: string;
  amount: number;
  interval: IntervalCount;
  resourceId: number | null;
  newConfig: ServerConfig | null;
  /** The size in gigabytes a volume order buys. */
  newSize?: number | null;
  expiry: string;
  /** The existing resource the order changes or renews, whose state its price depends on. */
  priced?: { type: 'server' | 'volume' | 'snapshot'; id: number };
  work:
    | CreateServerWork
    | ResizeWork
    | BuyIpWork
    | CreateVolumeWork
    | ExtendVolumeWork
    | TakeSnapshotWork
    | RestoreSnapshotWork
    | RenewWork;
}

export interface InvoiceRow {
  id: number;
  user_id: number;
  status: 'open' | 'paid' | 'cancelled';
  amount: number;
  created_at: string;
  due_date: string;
  paid_at: string | null;
  resource_type: Invoice['resource_type'];
  resource_id: number | null;
  order_id: number | null;
  description: string;
  /** JSON of the message text `description` renders in Vietnamese; null on old trial bills. */
  summary: string | null;
  /** JSON of the buyer and seller copied when issued (billing/invoiceDocument.ts). */
  parties: string | null;
}

/** The SQL twin of invoiceCode, for searching by code. */
export const INVOICE_CODE_SQL = `('INV-' || substr(created_at, 1, 4) || '-' || printf('%06d', id))`;

/** INV-<year>-<id>, as SQL computes it for searching (see INVOICE_CODE_SQL below). */
export const invoiceCode = (row: Pick<InvoiceRow, 'id' | 'created_at'>) =>
  `INV-${row.created_at.slice(0, 4)}-${String(row.id).padStart(6, '0')}`;

/**
 * TanStack Query keys of the named dataProvider methods, shared by every screen that reads or
 * invalidates them. Keys start with the react-admin resource or API area they belong to, so
 * invalidating `['cloud-server']` refreshes the server list, a server and everything under it.
 */
import type { Identifier } from 'ra-core';

export const QUERY_KEYS = {
  /** The dashboard's figures, the balance among them: refreshed after every payment. */
  dashboardSummary: ['dashboard', 'summary'],
  images: ['catalog', 'images'],
  datacenters: ['catalog', 'datacenters'],
  sshKeys: ['ssh-keys', 'all'],
  serverProducts: ['billing', 'products', 'server'],
  serverPlans: (interval: number | undefined) => ['billing', 'plans', 'server', interval ?? 'any'],
  /** A month of each kind of address (spec §7's wanip plans). */
  ipPlans: ['billing', 'plans', 'wanip', 1],
  calculation: (body: unknown) => ['billing', 'calculation', body],
  orders: ['billing', 'orders'],
  pendingOrders: (perPage: number) => ['billing', 'orders', 'pending', perPage],
  order: (id: Identifier) => ['billing', 'orders', 'one', String(id)],
  orderPreview: (id: Identifier, coupon: string) => [
    'billing',
    'orders',
    'one',
    String(id),
    'preview',
    coupon,
  ],
  invoice: (id: Identifier) => ['invoices', 'one', String(id)],
  server: (id: Identifier) => ['cloud-server', 'getOne', { id: String(id) }],
  serverProgress: (id: Identifier) => ['cloud-server', 'progress', String(id)],
  serverIps: (id: Identifier) => ['cloud-server', 'ips', String(id)],
  serverReverseDns: (id: Identifier) => ['cloud-server', 'reverse-dns', String(id)],
  serverMetrics: (id: Identifier, period: string) => [
    'cloud-server',
    'metrics',
    String(id),
    period,
  ],
  snapshotSchedule: (id: Identifier) => ['cloud-server', 'snapshot-schedule', String(id)],
} as const;

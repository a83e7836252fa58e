/** Limits and statuses of the cloud-server screens, in one place (no numbers inside screens). */
import type { ServerStatus } from '../../dataProvider/dataProvider';

/** Spec §9: building a server takes 15–30 minutes; resize, rebuild and delete show this wait. */
export const SERVER_BUILD_MINUTES = { min: 15, max: 30 } as const;

/** The contract's limit on extra data disks in a create-server order. */
export const MAX_DATA_DISKS = 8;

/** Pending orders named on the server list before "see all". */
export const PENDING_ORDERS_SHOWN = 5;

/** Statuses that change by themselves: while a server is in one, its screens poll fast. */
export const TRANSITIONAL_STATUSES: readonly ServerStatus[] = [
  'building',
  'rebooting',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
];

/**
 * A server that builds or is being deleted cannot be deleted (again), nor a suspended one, which
 * takes no action until its invoice is paid (the sandbox refuses them all).
 */
const NOT_DELETABLE: readonly ServerStatus[] = ['building', 'deleting', 'suspended'];

export function isDeletable(status: ServerStatus): boolean {
  return !NOT_DELETABLE.includes(status);
}

export function isInTransition(status: ServerStatus | undefined): boolean {
  return status !== undefined && TRANSITIONAL_STATUSES.includes(status);
}

/**
 * Whether the server's progress means something: building, resizing, rebuilding and deleting run
 * from 0 to 99 %; a reboot has no progress, and 100 % means nothing is running any more.
 */
export function showsProgress(server: { status: ServerStatus; progress: number }): boolean {
  return isInTransition(server.status) && server.status !== 'rebooting' && server.progress < 100;
}

/** Weekly auto-snapshots: weekday 0 is Sunday, hours are Vietnam time. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const HOURS_OF_DAY = Array.from({ length: 24 }, (_, hour) => hour);
export const DEFAULT_SNAPSHOT_SCHEDULE = { weekday: 0, hour: 2 } as const;

/** Images, datacenters, keys, plans and prices change rarely: read them again after 5 minutes. */
export const CATALOG_STALE_MS = 5 * 60 * 1000;

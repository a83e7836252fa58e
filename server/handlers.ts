/**
 * The areas put together: every area's handlers, keyed by the contract's operationId, its tables,
 * and the implementations that lower areas declare and higher ones provide (`connectAreas`).
 */
import { agencyArea } from './agency';
import { authArea } from './auth';
import { billingArea } from './billing';
import { catalogArea } from './catalog';
import { computeArea } from './compute';
import { dashboardArea } from './dashboard';
import { keysArea } from './keys';
import { networkArea } from './network';
import type { Admission, SandboxArea } from './platform/area';
import type { HandlerTable, OperationId } from './platform/handler';
import type { Migration } from './platform/migrations';
import { storageArea } from './storage';
import { supportArea } from './support';
// new-resource: area imports (scripts/new-resource.ts writes above this line)
import { priceTrialUpgradesWith } from './auth/users';
import { registerOrderKinds } from './billing/orderKinds';
import { registerResourceHooks } from './billing/resourceHooks';
import { renewOrderKind } from './billing/renewOrders';
import { trialOffer } from './billing/trialPackages';
import { serverOrderKinds } from './compute/serverOrders';
import { settleServers } from './compute/servers';
import { storageOrderKinds, withDataVolumes } from './storage/storageOrders';
import { deleteSnapshotRow } from './storage/snapshots';
import { deleteVolumeRows } from './storage/volumes';

/** Every area of the sandbox, each declared in its folder's index.ts. */
export const AREAS: readonly SandboxArea[] = [
  authArea,
  catalogArea,
  billingArea,
  computeArea,
  storageArea,
  networkArea,
  keysArea,
  supportArea,
  agencyArea,
  dashboardArea,
  // new-resource: areas (scripts/new-resource.ts writes above this line)
];

export const handlers: HandlerTable = Object.assign({}, ...AREAS.map((area) => area.handlers));

/** Each operation's admission, from the area that answers it (`SandboxArea.admit`). */
export const admissions: Partial<Record<OperationId, Admission>> = Object.fromEntries(
  AREAS.flatMap(({ admit, handlers: table }) =>
    admit ? Object.keys(table).map((operationId) => [operationId, admit]) : [],
  ),
);

/** The areas' own tables, applied after the platform's steps. */
export const AREA_MIGRATIONS: readonly Migration[] = AREAS.flatMap((area) => area.migrations ?? []);

/**
 * Hands each lower area what it declared it needs from the areas above it (imports only go
 * down, docs/architecture.md): auth's UserInfo shows billing's trial upgrade price, billing
 * settles and deletes compute's servers and storage's volumes, and pays for their kinds of order.
 * Run once before anything serves a request or sweeps (buildApp does); running it again changes
 * nothing.
 */
export function connectAreas(): void {
  priceTrialUpgradesWith(trialOffer);
  registerResourceHooks({
    settle: settleServers,
    deleteVolume: deleteVolumeRows,
    deleteSnapshot: deleteSnapshotRow,
  });
  registerOrderKinds({
    ...serverOrderKinds,
    create_server: withDataVolumes(serverOrderKinds.create_server),
    ...storageOrderKinds,
    renew: renewOrderKind,
  });
}

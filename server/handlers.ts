/**
 * The areas put together: every area's handlers, keyed by the contract's operationId, its tables,
 * and the implementations that lower areas declare and higher ones provide (`connectAreas`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The areas built by hand, each declared in its folder's index.ts, from the bottom up. */
const ORDERED_AREAS: readonly SandboxArea[] = [
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
];

/** Folders of server/ that hold no area: the platform beneath them all, the sandbox's own tools. */
const NOT_AREAS = ['platform', 'sandbox'];

const isSandboxArea = (value: unknown): value is SandboxArea =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SandboxArea).name === 'string' &&
  typeof (value as SandboxArea).handlers === 'object';

/**
 * The areas added by the recipe "a new resource" (scripts/new-resource.ts): every other folder of
 * server/ whose index.ts exports a SandboxArea named as the folder, after the ordered ones, in
 * alphabetical order as eslint.config.js ranks them. A new resource's area is thus found where it
 * is written, with no line to add here.
 */
async function addedAreas(): Promise<SandboxArea[]> {
  const known = new Set([...NOT_AREAS, ...ORDERED_AREAS.map((area) => area.name)]);
  const here = dirname(fileURLToPath(import.meta.url));
  const folders = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !known.has(entry.name))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(here, name, 'index.ts')))
    .sort();
  const areas: SandboxArea[] = [];
  for (const folder of folders) {
    const declared = Object.values((await import(`./${folder}/index.ts`)) as object).filter(
      isSandboxArea,
    );
    const area = declared.find((candidate) => candidate.name === folder);
    if (!area)
      throw new Error(`server/${folder}/index.ts exports no SandboxArea named '${folder}'`);
    areas.push(area);
  }
  return areas;
}

/**
 * Every area of the sandbox: the ordered ones, then those a new resource added. Found with a
 * top-level await, so this module loads as an ES module only: a `tsx -e` script that imports it
 * runs with `--input-type=module` (tests/e2e/billingLists.spec.ts does).
 */
export const AREAS: readonly SandboxArea[] = [...ORDERED_AREAS, ...(await addedAreas())];

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

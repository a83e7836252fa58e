/**
 * Every resource and page of the signed-in portal. Each declares itself once, in its folder's
 * index (src/resources/<name>/index.ts*, src/pages/...): App.tsx mounts their screens, the
 * dataProvider sends their CRUD calls to their API paths, and the sidebar, the breadcrumb and
 * the header's Create menu are read from them. A new resource is one entry in RESOURCES.
 */
import {
  breadcrumbTrail as trailThrough,
  menuEntries,
  routeOf,
  type Crumb,
} from './components/portalRoutes';
import { AGENCY_RESOURCES } from './pages/agency';
import { BILLING_RESOURCES } from './pages/billing';
import { PAGES } from './pages';
import { cloudServer } from './resources/cloud-server';
import { snapshot } from './resources/snapshot';
import { sshKeys } from './resources/ssh-keys';
import { ticket } from './resources/ticket';
import { volume } from './resources/volume';
// new-resource: resource imports (scripts/new-resource.ts writes above this line)

export { PAGES };

export const RESOURCES = [
  cloudServer,
  volume,
  snapshot,
  sshKeys,
  ticket,
  ...BILLING_RESOURCES,
  ...AGENCY_RESOURCES,
  // new-resource: resources (scripts/new-resource.ts writes above this line)
];

/** The sidebar's entries, in order. */
export const MENU_ENTRIES = menuEntries(RESOURCES, PAGES);

/** The header's Create menu: the resources that declare an entry, in the order above. */
export const CREATE_MENU_ENTRIES = RESOURCES.flatMap((resource) =>
  resource.createMenuKey
    ? [{ to: `${routeOf(resource)}/create`, labelKey: resource.createMenuKey }]
    : [],
);

export const breadcrumbTrail = (pathname: string): Crumb[] =>
  trailThrough(RESOURCES, PAGES, pathname);

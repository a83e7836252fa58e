/**
 * What a resource or a page of the portal declares about itself, once: its route, its screens,
 * its place in the sidebar, its breadcrumb and its entry in the header's Create menu. The lists of
 * declarations are in src/portalResources.ts; App.tsx, the dataProvider, the sidebar, the
 * breadcrumb and the Create menu all read them, so a new resource is one entry there.
 */
import type { ComponentType, ReactElement } from 'react';

import type { paths } from '../api/schema';

/** One step of the header's breadcrumb; the component translates `key`. */
export interface Crumb {
  /** Message key of the label. */
  key: string;
  /** Where the crumb links; the last crumb (the current page) never links. */
  to?: string;
  /** An invoice's page: the label names the invoice (its code once the page has read it). */
  invoiceId?: string;
  /**
   * A record's page: the label is the record's `field` (a server's name) once a page has read
   * it, the crumb's own label until then. `id: ':id'` (also in `to`) is the address's id.
   */
  record?: { resource: string; id: string; field: string };
}

/** A sidebar entry. */
export interface MenuPlacement {
  /** Message key of its label (also its tooltip when the sidebar shows icons only). */
  labelKey: string;
  icon: ComponentType;
  /** 'main': the sections at the top; 'account': the account's own links at the bottom. */
  group: 'main' | 'account';
  /** Position inside its group, lower first. */
  order: number;
  /** Shown only to accounts that react-admin's `canAccess` lets `list` this resource name. */
  access?: string;
  /**
   * Paths besides its own that light it up as the current section (the plans entry owns the
   * plan pages inside /cloud-server; billing owns /order). The longest matching path wins.
   */
  alsoOwns?: string[];
}

/** A page inside a resource's or a page's route, e.g. /cloud-server/plans. */
export interface SubPage {
  /** Relative to the owner's route; `:id` matches one segment. */
  path: string;
  element: ReactElement;
  /**
   * The crumbs after the owner's own. The last one takes this page's address; a crumb with
   * `invoiceId: ':id'` names the record the address points at.
   */
  crumbs: Crumb[];
  /** A page of one record (`:id/…`, a server's console): its crumbs follow the record's own. */
  ofRecord?: boolean;
  menu?: MenuPlacement & { id: string };
}

export interface ResourceDeclaration {
  /** react-admin's resource name: the dataProvider's key for its CRUD calls. */
  name: string;
  /** The collection in the contract: lists GET it, creates POST to it, a record is `{path}/{id}`. */
  apiPath: keyof paths;
  /** Message key naming the resource: its breadcrumb and, by default, its sidebar label. */
  labelKey: string;
  /** Where its screens live; `/{name}` unless the spec gives another route (billing's lists). */
  route?: string;
  recordRepresentation?: string;
  /** The list, at its route. */
  list?: ComponentType | ReactElement;
  /** The create form, at `{route}/create`. */
  create?: ComponentType | ReactElement;
  /** A record's page, at `{route}/:id/detail`. */
  detail?: ComponentType;
  pages?: SubPage[];
  menu?: MenuPlacement;
  /** Message key of its entry in the header's Create menu, which opens `{route}/create`. */
  createMenuKey?: string;
}

/** A screen that is not one resource's: the dashboard, the account, a gateway's return page. */
export interface PageDeclaration {
  /** Names its sidebar entry. */
  id: string;
  path: string;
  element: ReactElement;
  /** Its breadcrumb; by default one crumb, `labelKey`, at its path. */
  labelKey: string;
  crumbs?: Crumb[];
  menu?: MenuPlacement;
}

export const CREATE_CRUMB: Crumb = { key: 'shell.breadcrumb.create' };
export const DETAIL_CRUMB: Crumb = { key: 'shell.breadcrumb.detail' };

/**
 * A record's detail page, named by its representation once read (Cloud VPS › web-01); a page
 * under the record (its console) links back to it through this crumb.
 */
export function detailCrumb(resource: ResourceDeclaration): Crumb {
  const field = resource.recordRepresentation;
  return {
    ...DETAIL_CRUMB,
    to: `${routeOf(resource)}/:id/detail`,
    ...(field && { record: { resource: resource.name, id: ':id', field } }),
  };
}

export const routeOf = (resource: ResourceDeclaration): string =>
  resource.route ?? `/${resource.name}`;

/** The sidebar's entries, each group in its order. */
export interface MenuEntry extends MenuPlacement {
  id: string;
  to: string;
}

export function menuEntries(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const page of pages) {
    if (page.menu) entries.push({ ...page.menu, id: page.id, to: page.path });
  }
  for (const resource of resources) {
    const route = routeOf(resource);
    if (resource.menu) entries.push({ ...resource.menu, id: resource.name, to: route });
    for (const subPage of resource.pages ?? []) {
      if (subPage.menu) entries.push({ ...subPage.menu, to: `${route}/${subPage.path}` });
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}

/** Which sidebar entry the path belongs to: the one owning the longest prefix of it. */
export function activeMenuEntry(entries: readonly MenuEntry[], pathname: string) {
  let best: { id: string; length: number } | undefined;
  for (const entry of entries) {
    for (const owned of [entry.to, ...(entry.alsoOwns ?? [])]) {
      if (isPathPrefix(owned, pathname) && owned.length > (best?.length ?? -1)) {
        best = { id: entry.id, length: owned.length };
      }
    }
  }
  return best?.id;
}

const isPathPrefix = (prefix: string, pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Every address the portal answers that has a breadcrumb, with its crumbs. */
interface CrumbRoute {
  path: string;
  crumbs: Crumb[];
}

function crumbRoutes(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): CrumbRoute[] {
  const routes: CrumbRoute[] = pages.map((page) => ({
    path: page.path,
    crumbs: page.crumbs ?? [{ key: page.labelKey }],
  }));
  for (const resource of resources) {
    const route = routeOf(resource);
    routes.push({ path: route, crumbs: [{ key: resource.labelKey }] });
    if (resource.create) routes.push({ path: `${route}/create`, crumbs: [CREATE_CRUMB] });
    if (resource.detail)
      routes.push({ path: `${route}/:id/detail`, crumbs: [detailCrumb(resource)] });
    for (const subPage of resource.pages ?? []) {
      routes.push({
        path: `${route}/${subPage.path}`,
        crumbs: subPage.ofRecord ? [detailCrumb(resource), ...subPage.crumbs] : subPage.crumbs,
      });
    }
  }
  return routes;
}

/**
 * The header's breadcrumb for a path: each leading part of the path that is a declared address
 * adds that address's crumbs, so `/cloud-server/plan/4` reads Cloud VPS › Plans › Create.
 */
export function breadcrumbTrail(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
  pathname: string,
): Crumb[] {
  const routes = crumbRoutes(resources, pages);
  const segments = pathname.split('/').filter(Boolean);
  const trail: Crumb[] = [];
  for (let end = 1; end <= segments.length; end += 1) {
    const prefix = segments.slice(0, end);
    const match = routes.find((route) => matchPath(route.path, prefix));
    if (!match) continue;
    const at = `/${prefix.join('/')}`;
    const id = matchPath(match.path, prefix)?.id;
    match.crumbs.forEach((crumb, index) => {
      const last = index === match.crumbs.length - 1;
      trail.push({
        ...crumb,
        to: last ? at : crumb.to?.replace(':id', id ?? ''),
        invoiceId: crumb.invoiceId === ':id' ? id : crumb.invoiceId,
        ...(crumb.record && {
          record: { ...crumb.record, id: crumb.record.id === ':id' ? (id ?? '') : crumb.record.id },
        }),
      });
    });
  }
  if (trail.length === 0) return [];
  const current = trail[trail.length - 1] as Crumb;
  trail[trail.length - 1] = { ...current, to: undefined };
  return trail;
}

function matchPath(pattern: string, segments: string[]): { id?: string } | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  let id: string | undefined;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] as string;
    if (part === ':id') id = segment;
    else if (part !== segment) return undefined;
  }
  return { id };
}

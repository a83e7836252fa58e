/** The addresses, sidebar and Create menu the declarations give (pure: no sandbox, no rendering). */
import { describe, expect, it } from 'vitest';

import { lookupMessage } from './i18n/interpolate';
import { en } from './i18n/en';
import { vi } from './i18n/vi';
import { activeMenuItem } from './layout/PortalMenu';
import {
  breadcrumbTrail,
  CREATE_MENU_ENTRIES,
  MENU_ENTRIES,
  PAGES,
  RESOURCES,
} from './portalResources';

describe('breadcrumbTrail', () => {
  it.each([
    ['/dashboard', ['app.section.dashboard']],
    ['/cloud-server', ['app.section.cloud-server']],
    ['/cloud-server/create', ['app.section.cloud-server→/cloud-server', 'shell.breadcrumb.create']],
    ['/cloud-server/plans', ['app.section.cloud-server→/cloud-server', 'app.section.plans']],
    [
      '/cloud-server/plan/4',
      [
        'app.section.cloud-server→/cloud-server',
        'app.section.plans→/cloud-server/plans',
        'shell.breadcrumb.create',
      ],
    ],
    [
      '/cloud-server/12/detail',
      ['app.section.cloud-server→/cloud-server', 'shell.breadcrumb.detail'],
    ],
    ['/ticket/3/detail', ['app.section.ticket→/ticket', 'shell.breadcrumb.detail']],
    // The console is under its server, whose crumb links back to the server's page.
    [
      '/cloud-server/12/console',
      [
        'app.section.cloud-server→/cloud-server',
        'shell.breadcrumb.detail→/cloud-server/12/detail',
        'servers.console.button',
      ],
    ],
    ['/billing/success', ['app.section.billing→/billing', 'shell.breadcrumb.payment_success']],
    ['/billing/history', ['app.section.billing→/billing', 'billing.tabs.history']],
    ['/billing/orders', ['app.section.billing→/billing', 'billing.tabs.orders']],
    ['/billing/invoices/7', ['app.section.billing→/billing', 'shell.breadcrumb.invoice']],
    // An order is opened from the billing's order list, and is never created here.
    [
      '/order/create',
      [
        'app.section.billing→/billing',
        'billing.tabs.orders→/billing/orders',
        'shell.breadcrumb.detail',
      ],
    ],
    ['/agency/create', ['app.section.agency→/agency', 'shell.breadcrumb.create']],
    ['/agency/invoices', ['app.section.agency→/agency', 'agency.tabs.invoices']],
    ['/somewhere/else', []],
  ])('%s reads %j', (path, expected) => {
    expect(
      breadcrumbTrail(path).map((crumb) => (crumb.to ? `${crumb.key}→${crumb.to}` : crumb.key)),
    ).toEqual(expected);
  });
});

it("names a record's crumb by the record once read: the server of /cloud-server/12/console", () => {
  const [, server] = breadcrumbTrail('/cloud-server/12/console');
  expect(server?.record).toEqual({ resource: 'cloud-server', id: '12', field: 'name' });
  expect(breadcrumbTrail('/ticket/3/detail')[1]?.record).toEqual({
    resource: 'ticket',
    id: '3',
    field: 'subject',
  });
});

describe('the sidebar entry of a path', () => {
  it.each([
    ['/cloud-server', 'cloud-server'],
    ['/cloud-server/12/detail', 'cloud-server'],
    ['/cloud-server/plans', 'plans'],
    ['/cloud-server/plan/3', 'plans'],
    ['/billing/invoices/7', 'invoices'],
    ['/billing/history', 'invoices'],
    ['/order/create', 'invoices'],
    ['/agency/report', 'agency-accounts'],
    ['/account', 'account'],
    ['/nowhere', undefined],
  ])('%s lights up %s', (path, entry) => {
    expect(activeMenuItem(path)).toBe(entry);
  });
});

describe('the declarations', () => {
  it('name each resource and address once', () => {
    const names = RESOURCES.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('give every label in both languages', () => {
    const keys = [
      ...RESOURCES.flatMap((resource) => [resource.labelKey, resource.createMenuKey ?? []]).flat(),
      ...PAGES.map((page) => page.labelKey),
      ...MENU_ENTRIES.map((entry) => entry.labelKey),
      ...CREATE_MENU_ENTRIES.map((entry) => entry.labelKey),
    ];
    for (const key of keys) {
      expect(lookupMessage(vi, key), key).toEqual(expect.any(String));
      expect(lookupMessage(en, key), key).toEqual(expect.any(String));
    }
  });

  it('open the Create menu on the create forms of the resources that declare one', () => {
    const createForms = RESOURCES.filter((resource) => resource.create).map(
      (resource) => `${resource.route ?? `/${resource.name}`}/create`,
    );
    const targets = CREATE_MENU_ENTRIES.map((entry) => entry.to);
    for (const target of targets) expect(createForms).toContain(target);
    expect(targets).toEqual(
      expect.arrayContaining(['/cloud-server/create', '/volume/create', '/ssh-keys/create']),
    );
  });
});

/**
 * The header's breadcrumb, derived from the path alone: `/cloud-server/create` reads
 * Cloud VPS › Create. Each crumb names its message key; the component translates it.
 */

export interface Crumb {
  /** Message key of the label: the section titles (app.section.*) or the shell's own. */
  key: string;
  /** Where the crumb links; the last crumb (the current page) never links. */
  to?: string;
  /** An invoice's page: the label names the invoice (its code once the page has read it). */
  invoiceId?: string;
}

const SECTIONS: Record<string, Crumb> = {
  dashboard: { key: 'app.section.dashboard' },
  'cloud-server': { key: 'app.section.cloud-server' },
  volume: { key: 'app.section.volume' },
  snapshot: { key: 'app.section.snapshot' },
  'ssh-keys': { key: 'app.section.ssh-keys' },
  ticket: { key: 'app.section.ticket' },
  account: { key: 'app.section.account' },
  billing: { key: 'app.section.billing' },
  agency: { key: 'app.section.agency' },
  order: { key: 'shell.breadcrumb.order' },
};

const PLANS: Crumb = {
  key: 'app.section.plans',
  to: '/cloud-server/plans',
};
const CREATE: Crumb = { key: 'shell.breadcrumb.create' };
const DETAIL: Crumb = { key: 'shell.breadcrumb.detail' };

/** Billing's own pages: the tabs besides invoices (which is /billing itself) and the gateway pages. */
const BILLING_PAGES: Record<string, Crumb> = {
  history: { key: 'billing.tabs.history' },
  payments: { key: 'billing.tabs.payments' },
  services: { key: 'billing.tabs.services' },
  orders: { key: 'billing.tabs.orders' },
  success: { key: 'shell.breadcrumb.payment_success' },
  failure: { key: 'shell.breadcrumb.payment_failure' },
  payment: { key: 'shell.breadcrumb.payment_return' },
};

/** The agency area's pages besides its accounts (/agency itself) and create (/agency/create). */
const AGENCY_PAGES: Record<string, Crumb> = {
  invoices: { key: 'agency.tabs.invoices' },
  report: { key: 'agency.tabs.report' },
};

export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const [first, ...rest] = segments;
  const section = first === undefined ? undefined : SECTIONS[first];
  if (!first || !section) return [];

  const trail: Crumb[] = [{ ...section, to: `/${first}` }, ...subPages(first, rest)];
  const last = trail[trail.length - 1] as Crumb;
  trail[trail.length - 1] = { ...last, to: undefined };
  return trail;
}

function subPages(section: string, rest: string[]): Crumb[] {
  const [second, third] = rest;
  if (second === undefined) return [];
  if (second === 'create') return [CREATE];
  if (section === 'cloud-server' && second === 'plans') return [PLANS];
  if (section === 'cloud-server' && second === 'plan' && third !== undefined) {
    return [PLANS, CREATE];
  }
  if (section === 'billing' && BILLING_PAGES[second]) return [BILLING_PAGES[second]];
  if (section === 'billing' && second === 'invoices' && third !== undefined) {
    return [{ key: 'shell.breadcrumb.invoice', invoiceId: third }];
  }
  if (section === 'agency' && AGENCY_PAGES[second]) return [AGENCY_PAGES[second]];
  if (third === 'detail') return [DETAIL];
  return [];
}

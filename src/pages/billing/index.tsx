/**
 * Billing's resources, at the spec's routes under /billing: each list is a tab of the billing
 * page (invoices at /billing itself), and an invoice's page is /billing/invoices/:id.
 */
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';

const BillingPage = lazy(() => import('./BillingPage'));
const InvoicePage = lazy(() => import('./InvoicePage'));

export const BILLING_RESOURCES: ResourceDeclaration[] = [
  {
    name: 'invoices',
    apiPath: '/billing/invoices',
    labelKey: 'app.section.billing',
    route: '/billing',
    list: <BillingPage tab="invoices" />,
    pages: [
      {
        path: 'invoices/:id',
        element: <InvoicePage />,
        crumbs: [{ key: 'shell.breadcrumb.invoice', invoiceId: ':id' }],
      },
    ],
    // An order being paid (/order/create) is part of billing too.
    menu: {
      labelKey: 'app.section.billing',
      icon: ReceiptLongIcon,
      group: 'account',
      order: 20,
      alsoOwns: ['/order'],
    },
  },
  {
    name: 'balance-adjustments',
    apiPath: '/billing/balance_adjustments',
    labelKey: 'billing.tabs.history',
    route: '/billing/history',
    list: <BillingPage tab="history" />,
  },
  {
    name: 'payments',
    apiPath: '/billing/payments',
    labelKey: 'billing.tabs.payments',
    route: '/billing/payments',
    list: <BillingPage tab="payments" />,
  },
  {
    name: 'packages',
    apiPath: '/billing/packages',
    labelKey: 'billing.tabs.services',
    route: '/billing/services',
    list: <BillingPage tab="services" />,
  },
  {
    name: 'orders',
    apiPath: '/billing/orders',
    labelKey: 'billing.tabs.orders',
    route: '/billing/orders',
    list: <BillingPage tab="orders" />,
  },
];

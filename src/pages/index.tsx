/** The screens that are no single resource's: the dashboard, the account, paying and gateway returns. */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazy } from 'react';

import { DETAIL_CRUMB, type PageDeclaration } from '../components/portalRoutes';

const DashboardPage = lazy(() => import('./DashboardPage'));
const AccountPage = lazy(() => import('./account/AccountPage'));
const OrderPage = lazy(() => import('./order/OrderPage'));
const PaymentReturnPage = lazy(() => import('./topup/PaymentReturnPage'));
const PaymentResultPage = lazy(() => import('./topup/PaymentResultPage'));

export const PAGES: PageDeclaration[] = [
  {
    id: 'dashboard',
    path: '/dashboard',
    element: <DashboardPage />,
    labelKey: 'app.section.dashboard',
    menu: { labelKey: 'app.section.dashboard', icon: DashboardIcon, group: 'main', order: 10 },
  },
  {
    id: 'account',
    path: '/account',
    element: <AccountPage />,
    labelKey: 'app.section.account',
    menu: { labelKey: 'app.section.account', icon: AccountCircleIcon, group: 'account', order: 10 },
  },
  {
    id: 'order',
    path: '/order/create',
    element: <OrderPage />,
    labelKey: 'shell.breadcrumb.order',
    // Always an existing order (?id=…): it is read or paid here, never created.
    crumbs: [
      { key: 'app.section.billing', to: '/billing' },
      { key: 'billing.tabs.orders', to: '/billing/orders' },
      DETAIL_CRUMB,
    ],
  },
  // Where the card gateway and PayPal send the customer back (spec §7 "Top-up").
  {
    id: 'payment-return',
    path: '/billing/payment',
    element: <PaymentReturnPage />,
    labelKey: 'shell.breadcrumb.payment_return',
  },
  {
    id: 'payment-success',
    path: '/billing/success',
    element: <PaymentResultPage outcome="success" />,
    labelKey: 'shell.breadcrumb.payment_success',
  },
  {
    id: 'payment-failure',
    path: '/billing/failure',
    element: <PaymentResultPage outcome="failure" />,
    labelKey: 'shell.breadcrumb.payment_failure',
  },
];

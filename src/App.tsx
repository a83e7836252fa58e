/**
 * The signed-in portal: reading this file tells every resource and page the portal has.
 */
import { QueryClient } from '@tanstack/react-query';
import { lazy, useLayoutEffect, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, useInRouterContext, useLocation } from 'react-router-dom';

import { errorStatus, NETWORK_ERROR_STATUS } from './api/client';
import { authProvider } from './authProvider/authProvider';
import { dataProvider } from './dataProvider/dataProvider';
import type { Locale } from './domain/constants';
import { createI18nProvider } from './i18n/i18nProvider';
import type { MessageTree } from './i18n/interpolate';
import { PortalErrorPage } from './components/PortalErrorPage';
import { PortalLayout } from './layout/PortalLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { PORTAL_BASENAME, publicPageAt, syncPublicLocation } from './pages/public/navigation';
import { cloudServer } from './resources/cloud-server';
import { volume } from './resources/volume';
import { sshKeys } from './resources/ssh-keys';
import { snapshot } from './resources/snapshot';
import { ticket } from './resources/ticket';
import { theme } from './theme';

const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const OrderPage = lazy(() => import('./pages/order/OrderPage'));
const BillingPage = lazy(() => import('./pages/billing/BillingPage'));
const InvoicePage = lazy(() => import('./pages/billing/InvoicePage'));
const AccountPage = lazy(() => import('./pages/account/AccountPage'));
const AgencyPage = lazy(() => import('./pages/agency/AgencyPage'));
const PaymentReturnPage = lazy(() => import('./pages/topup/PaymentReturnPage'));
const PaymentResultPage = lazy(() => import('./pages/topup/PaymentResultPage'));

/** How long a successful session check is trusted before a page opening asks again. */
const SESSION_CHECK_FRESH_MS = 60 * 1000;

interface AppProps {
  locale: Locale;
  messages: MessageTree;
  onLocaleChange: (locale: Locale) => Promise<void>;
}

export default function App(props: AppProps) {
  return (
    <PortalRouter>
      <OutsidePublicPages>
        <Portal {...props} />
      </OutsidePublicPages>
    </PortalRouter>
  );
}

function Portal({ locale, messages, onLocaleChange }: AppProps) {
  // Created once: react-admin keeps its own locale state after start.
  const [i18nProvider] = useState(() => createI18nProvider(locale, messages, onLocaleChange));
  // The store lives in memory: the language has its own storage key, and nothing else needs to
  // survive a reload.
  const [store] = useState(() => memoryStore());
  const [queryClient] = useState(createQueryClient);

  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
      layout={PortalLayout}
      error={PortalErrorPage}
      loginPage={false}
      catchAll={NotFoundPage}
      requireAuth
      disableTelemetry
    >
      <Resource {...cloudServer} />
      <Resource {...volume} />
      <Resource {...snapshot} />
      <Resource {...sshKeys} />
      <Resource {...ticket} />
      <CustomRoutes>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/billing" element={<BillingPage tab="invoices" />} />
        <Route path="/billing/history" element={<BillingPage tab="history" />} />
        <Route path="/billing/payments" element={<BillingPage tab="payments" />} />
        <Route path="/billing/services" element={<BillingPage tab="services" />} />
        <Route path="/billing/orders" element={<BillingPage tab="orders" />} />
        <Route path="/billing/invoices/:id" element={<InvoicePage />} />
        <Route path="/billing/payment" element={<PaymentReturnPage />} />
        <Route path="/billing/success" element={<PaymentResultPage outcome="success" />} />
        <Route path="/billing/failure" element={<PaymentResultPage outcome="failure" />} />
        <Route path="/order/create" element={<OrderPage />} />
        <Route path="/agency" element={<AgencyPage tab="accounts" />} />
        <Route path="/agency/create" element={<AgencyPage tab="create" />} />
        <Route path="/agency/invoices" element={<AgencyPage tab="invoices" />} />
        <Route path="/agency/report" element={<AgencyPage tab="report" />} />
      </CustomRoutes>
    </Admin>
  );
}

/** The browser's address bar as react-router; a test that renders App in its own router keeps it. */
function PortalRouter({ children }: { children: ReactNode }) {
  const inRouter = useInRouterContext();
  return inRouter ? children : <BrowserRouter basename={PORTAL_BASENAME}>{children}</BrowserRouter>;
}

/**
 * The portal's router moved: Root re-reads the address before the browser paints. At a public
 * page's address (e.g. /login after a 401) the portal draws nothing, so it starts no session check
 * there; Root shows the public page in its place.
 */
function OutsidePublicPages({ children }: { children: ReactNode }) {
  const location = useLocation();
  useLayoutEffect(syncPublicLocation, [location]);
  return publicPageAt(location.pathname) ? null : children;
}

/**
 * A call the server answered (401, 404, 500, …) is not retried: the answer would be the same, and
 * a 500 must reach /500 at once. Only a failed network round trip is tried once more.
 */
function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          errorStatus(error) === NETWORK_ERROR_STATUS && failureCount < 1,
      },
    },
  });
  // react-admin runs the session check (GET /auth/user) each time a page opens. A check that
  // just succeeded is trusted for a while, so a short network outage while moving between pages
  // shows the page's own "cannot reach the server, retry" instead of ending the session; any
  // 401 from any call still ends it at once (checkError).
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  return queryClient;
}

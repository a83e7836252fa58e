/**
 * The signed-in portal: react-admin with every resource and page declared in
 * src/portalResources.ts, the session check, the language and the error pages.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  isValidElement,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  memoryStore,
  Notification,
  Resource,
} from 'react-admin';
import { BrowserRouter, Navigate, Route, useInRouterContext, useLocation } from 'react-router-dom';

import { errorStatus, NETWORK_ERROR_STATUS } from './api/client';
import { authProvider } from './authProvider/authProvider';
import { dataProvider } from './dataProvider/dataProvider';
import type { Locale } from './domain/constants';
import { createI18nProvider } from './i18n/i18nProvider';
import { LanguageFollowingI18n } from './i18n/LanguageSwitch';
import type { MessageTree } from './i18n/interpolate';
import { PageLoading } from './components/PageLoading';
import { PortalErrorPage } from './components/PortalErrorPage';
import { routeOf, type ResourceDeclaration } from './components/portalRoutes';
import { PortalLayout } from './layout/PortalLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { PORTAL_BASENAME, publicPageAt, syncPublicLocation } from './pages/public/navigation';
import { PAGES, RESOURCES } from './portalResources';
import { theme } from './theme';

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

  // react-admin's <Admin> is <AdminContext> around <AdminUI>, which is <CoreAdminUI> with
  // react-admin's default pages. Written out here with only the defaults the portal uses, so the
  // first load does not carry the login form (its inputs and react-hook-form), the default layout
  // and error page, nor react-admin's English messages, which <Admin> imports whatever its props.
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      <LanguageFollowingI18n>
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            accessDenied={AccessDenied}
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationError}
            catchAll={NotFoundPage}
            error={PortalErrorPage}
            layout={PortalLayout}
            loading={PageLoading}
            loginPage={false}
            requireAuth
            disableTelemetry
          >
            {RESOURCES.filter(atItsOwnRoute).map((resource) => (
              <Resource
                key={resource.name}
                name={resource.name}
                list={resource.list}
                create={resource.create}
                recordRepresentation={resource.recordRepresentation}
              >
                {innerRoutes(resource)}
              </Resource>
            ))}
            <CustomRoutes>
              <Route path="/" element={<Navigate to="/dashboard" replace />} />
              {PAGES.map((page) => (
                <Route key={page.path} path={page.path} element={page.element} />
              ))}
              {RESOURCES.filter((resource) => !atItsOwnRoute(resource)).map(resourceRoutes)}
            </CustomRoutes>
          </CoreAdminUI>
          <Notification />
        </CssBaseline>
      </LanguageFollowingI18n>
    </AdminContext>
  );
}

/**
 * react-admin mounts a <Resource> at /{name}. A resource the spec places elsewhere (billing's
 * lists under /billing, the agency's under /agency) is drawn by routes of its own at its route.
 */
const atItsOwnRoute = (resource: ResourceDeclaration) => routeOf(resource) === `/${resource.name}`;

/** A resource's pages besides its list and create form, relative to its route. */
function innerRoutes({ name, detail: Detail, pages = [] }: ResourceDeclaration) {
  return [
    ...(Detail ? [<Route key={`${name}:detail`} path=":id/detail" element={<Detail />} />] : []),
    ...pages.map((page) => <Route key={page.path} path={page.path} element={page.element} />),
  ];
}

function resourceRoutes(resource: ResourceDeclaration) {
  const route = routeOf(resource);
  return (
    <Route key={resource.name} path={route}>
      {resource.list && <Route index element={screen(resource.list)} />}
      {resource.create && <Route path="create" element={screen(resource.create)} />}
      {innerRoutes(resource)}
    </Route>
  );
}

const screen = (Screen: ComponentType | ReactElement) =>
  isValidElement(Screen) ? Screen : <Screen />;

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
  // shows the page's own "cannot reach our service, retry" instead of ending the session; any
  // 401 from any call still ends it at once (checkError).
  queryClient.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  return queryClient;
}

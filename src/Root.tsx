/**
 * The top of the portal. Public pages are small lazy chunks that run without react-admin or
 * react-router (pages/public/navigation.ts reads the address), so the login form is usable after
 * a small download; every other path is the react-admin app, which brings its own router and the
 * messages of the whole portal.
 */
import { lazy, Suspense, use, useState } from 'react';

import { FullPageSpinner } from './components/FullPageSpinner';
import type { Locale } from './domain/constants';
import type { MessageTree } from './i18n/interpolate';
import { loadMessages } from './i18n/locale';
import { PublicI18nProvider, usePublicI18n } from './i18n/PublicI18nProvider';
import { publicPageAt, usePublicLocation } from './pages/public/navigation';
import { PublicErrorBoundary } from './pages/public/PublicErrorBoundary';
import { PublicNotifier } from './pages/public/PublicNotifier';
import { PublicPageFrame } from './pages/public/PublicPageFrame';
import { PublicPage } from './pages/public/publicPages';

const loadApp = () => import('./App');
const App = lazy(loadApp);

export function Root(props: { initialLocale: Locale; initialMessages: MessageTree }) {
  const { pathname } = usePublicLocation();
  const publicPage = publicPageAt(pathname);
  return (
    <PublicI18nProvider initialLocale={props.initialLocale} initialMessages={props.initialMessages}>
      <PublicNotifier>
        <PublicErrorBoundary>
          <Suspense fallback={publicPage ? <PublicPageFrame /> : <FullPageSpinner />}>
            {publicPage ? <PublicPage path={publicPage} /> : <SignedInApp />}
          </Suspense>
        </PublicErrorBoundary>
      </PublicNotifier>
    </PublicI18nProvider>
  );
}

function SignedInApp() {
  const { locale, changeLocale } = usePublicI18n();
  // react-admin keeps its own language once started: it starts with the language of this moment.
  const [startLocale] = useState(locale);
  void loadApp(); // the app's code downloads while its messages do
  const messages = use(loadMessages(startLocale));
  return <App locale={startLocale} messages={messages} onLocaleChange={changeLocale} />;
}

/**
 * The top of the portal. Public pages are small lazy chunks that run without react-admin or
 * react-router (pages/public/navigation.ts reads the address), so the login form is usable after
 * a small download; every other path is the react-admin app, which brings its own router and the
 * messages of the whole portal.
 */
import { lazy, Suspense, use, useState, type ReactNode } from 'react';

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
      <TranslatedNotifier>
        <PublicErrorBoundary>
          <Suspense fallback={publicPage ? <PublicPageFrame /> : <FullPageSpinner />}>
            {publicPage ? <PublicPage path={publicPage} /> : <SignedInApp />}
          </Suspense>
        </PublicErrorBoundary>
      </TranslatedNotifier>
    </PublicI18nProvider>
  );
}

/**
 * The public toasts, with their close button named in the reader's language. The translation is
 * passed in from here, not read by PublicNotifier itself: that import reshaped the login page's
 * chunks and cost 0.5 KB of its 80 KB budget.
 */
export function TranslatedNotifier({ children }: { children: ReactNode }) {
  const { translate } = usePublicI18n();
  return <PublicNotifier closeLabel={translate('app.action.close')}>{children}</PublicNotifier>;
}

function SignedInApp() {
  const { locale, changeLocale } = usePublicI18n();
  // react-admin keeps its own language once started: it starts with the language of this moment.
  const [startLocale] = useState(locale);
  void loadApp(); // the app's code downloads while its messages do
  const messages = use(loadMessages(startLocale));
  return <App locale={startLocale} messages={messages} onLocaleChange={changeLocale} />;
}

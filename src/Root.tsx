/**
 * The top of the portal. Public pages are small lazy chunks that run without react-admin or
 * react-router (pages/public/navigation.ts reads the address), so the login form is usable after
 * a small download; every other path is the react-admin app, which brings its own router and the
 * messages of the whole portal.
 */
import { lazy, Suspense, use, useState, type ReactElement } from 'react';

import { FullPageSpinner } from './components/FullPageSpinner';
import type { Locale } from './domain/constants';
import type { MessageTree } from './i18n/interpolate';
import { loadMessages } from './i18n/locale';
import { PublicI18nProvider, usePublicI18n } from './i18n/PublicI18nProvider';
import { publicPageAt, usePublicLocation, type PublicPagePath } from './pages/public/navigation';
import { PublicErrorBoundary } from './pages/public/PublicErrorBoundary';
import { PublicNotifier } from './pages/public/PublicNotifier';
import { PublicPageFrame } from './pages/public/PublicPageFrame';

const LoginPage = lazy(() => import('./pages/public/LoginPage'));
const RegisterPage = lazy(() => import('./pages/public/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/public/ForgotPasswordPage'));
const PasswordResetPage = lazy(() => import('./pages/public/PasswordResetPage'));
const ConfirmEmailPage = lazy(() => import('./pages/public/ConfirmEmailPage'));
const VerifyEmailPage = lazy(() => import('./pages/public/VerifyEmailPage'));
const ServerErrorPage = lazy(() => import('./pages/public/ServerErrorPage'));

const PUBLIC_PAGES: Record<PublicPagePath, ReactElement> = {
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot': <ForgotPasswordPage />,
  '/password_resets': <PasswordResetPage />,
  '/confirm': <ConfirmEmailPage />,
  '/verify': <VerifyEmailPage />,
  '/500': <ServerErrorPage />,
};

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
            {publicPage ? PUBLIC_PAGES[publicPage] : <SignedInApp />}
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

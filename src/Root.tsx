/**
 * The top of the portal. Public pages are small lazy chunks that run without react-admin, so
 * the login form is usable after a small download; everything else is the react-admin app.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

import { FullPageSpinner } from './components/FullPageSpinner';
import type { Locale } from './domain/constants';
import type { MessageTree } from './i18n/interpolate';
import { PublicI18nProvider, usePublicI18n } from './i18n/PublicI18nProvider';
import { PublicErrorBoundary } from './pages/public/PublicErrorBoundary';
import { PublicNotifier } from './pages/public/PublicNotifier';

const LoginPage = lazy(() => import('./pages/public/LoginPage'));
const RegisterPage = lazy(() => import('./pages/public/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/public/ForgotPasswordPage'));
const PasswordResetPage = lazy(() => import('./pages/public/PasswordResetPage'));
const ConfirmEmailPage = lazy(() => import('./pages/public/ConfirmEmailPage'));
const VerifyEmailPage = lazy(() => import('./pages/public/VerifyEmailPage'));
const ServerErrorPage = lazy(() => import('./pages/public/ServerErrorPage'));
const App = lazy(() => import('./App'));

export function Root(props: { initialLocale: Locale; initialMessages: MessageTree }) {
  return (
    <PublicI18nProvider initialLocale={props.initialLocale} initialMessages={props.initialMessages}>
      <PublicNotifier>
        <PublicErrorBoundary>
          <Suspense fallback={<FullPageSpinner />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/register" element={<RegisterPage />} />
              <Route path="/forgot" element={<ForgotPasswordPage />} />
              <Route path="/password_resets" element={<PasswordResetPage />} />
              <Route path="/confirm" element={<ConfirmEmailPage />} />
              <Route path="/verify" element={<VerifyEmailPage />} />
              <Route path="/500" element={<ServerErrorPage />} />
              <Route path="/*" element={<SignedInApp />} />
            </Routes>
          </Suspense>
        </PublicErrorBoundary>
      </PublicNotifier>
    </PublicI18nProvider>
  );
}

function SignedInApp() {
  const { locale, messages, changeLocale } = usePublicI18n();
  return <App locale={locale} messages={messages} onLocaleChange={changeLocale} />;
}

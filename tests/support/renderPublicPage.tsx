/** Renders the public pages as the portal does (same paths, address bar, i18n and toasts). */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

import { publicVi } from '../../src/i18n/publicMessages';
import { PublicI18nProvider } from '../../src/i18n/PublicI18nProvider';
import ConfirmEmailPage from '../../src/pages/public/ConfirmEmailPage';
import ForgotPasswordPage from '../../src/pages/public/ForgotPasswordPage';
import LoginPage from '../../src/pages/public/LoginPage';
import { PORTAL_BASENAME, usePublicLocation } from '../../src/pages/public/navigation';
import PasswordResetPage from '../../src/pages/public/PasswordResetPage';
import RegisterPage from '../../src/pages/public/RegisterPage';
import VerifyEmailPage from '../../src/pages/public/VerifyEmailPage';
import { TranslatedNotifier } from '../../src/Root';

const PAGES: Record<string, ReactElement> = {
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/forgot': <ForgotPasswordPage />,
  '/password_resets': <PasswordResetPage />,
  '/confirm': <ConfirmEmailPage />,
  '/verify': <VerifyEmailPage />,
};

/** The page at the current address; anywhere else stands in for the signed-in app. */
function CurrentPage() {
  const { pathname, search } = usePublicLocation();
  return PAGES[pathname] ?? <p data-testid="signed-in-at">{pathname + search}</p>;
}

/**
 * Opens `path` (e.g. '/login?redirect=…') with only the public pages' messages, as the first
 * download carries them: a message missing from that slice shows as its raw key.
 */
export function renderPublicPage(path: string) {
  window.history.replaceState(null, '', PORTAL_BASENAME + path);
  return render(
    <PublicI18nProvider initialLocale="vi" initialMessages={publicVi}>
      <TranslatedNotifier>
        <CurrentPage />
      </TranslatedNotifier>
    </PublicI18nProvider>,
  );
}

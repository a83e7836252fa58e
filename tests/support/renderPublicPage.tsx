/** Renders the public pages as the portal does (same router paths, i18n and toasts). */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { vi as vietnamese } from '../../src/i18n/vi';
import { PublicI18nProvider } from '../../src/i18n/PublicI18nProvider';
import ForgotPasswordPage from '../../src/pages/public/ForgotPasswordPage';
import LoginPage from '../../src/pages/public/LoginPage';
import PasswordResetPage from '../../src/pages/public/PasswordResetPage';
import { PublicNotifier } from '../../src/pages/public/PublicNotifier';
import RegisterPage from '../../src/pages/public/RegisterPage';
import VerifyEmailPage from '../../src/pages/public/VerifyEmailPage';

/** Stands in for the signed-in app: shows where the user was sent. */
function SignedInPlaceholder() {
  const location = useLocation();
  return <p data-testid="signed-in-at">{location.pathname + location.search}</p>;
}

export function renderPublicPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicI18nProvider initialLocale="vi" initialMessages={vietnamese}>
        <PublicNotifier>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/forgot" element={<ForgotPasswordPage />} />
            <Route path="/password_resets" element={<PasswordResetPage />} />
            <Route path="/verify" element={<VerifyEmailPage />} />
            <Route path="/*" element={<SignedInPlaceholder />} />
          </Routes>
        </PublicNotifier>
      </PublicI18nProvider>
    </MemoryRouter>,
  );
}

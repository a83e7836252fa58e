import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';

import { authApi } from '../../api/auth';
import { errorMessage, errorStatus, isNetworkError } from '../../api/client';
import { fetchCurrentUser } from '../../authProvider/sessionCheck';
import { decideAfterSessionCheck } from '../../authProvider/sessionRules';
import { forgetSession, getToken, storeSignOutReason } from '../../authProvider/sessionStore';
import { config } from '../../config';
import { VERIFY_REDIRECT_DELAY_MS } from '../../domain/constants';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { Notice, Spinner } from './ui';

/** /verify: where a signed-in customer waits until the e-mail address is confirmed. */
export default function VerifyEmailPage() {
  const token = getToken();
  return token ? <VerifyEmail token={token} /> : <Navigate to="/login" replace />;
}

function VerifyEmail({ token }: { token: string }) {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    fetchCurrentUser()
      .then((user) => {
        if (!active) return;
        const destination = decideAfterSessionCheck({
          emailVerified: user.email_verified,
          pathname: location.pathname,
          search: new URLSearchParams(location.search),
          pendingChoice: null,
          callbackUrl: null,
          vpsOrigin: config.vpsOrigin,
        });
        if (destination.kind === 'portal') navigate(destination.path, { replace: true });
        else setEmail(user.email);
      })
      .catch((error) => {
        if (!active) return;
        if (errorStatus(error) === 500) {
          navigate('/500', { replace: true });
          return;
        }
        forgetSession();
        if (errorStatus(error) === 401) storeSignOutReason('session_expired');
        else if (isNetworkError(error)) storeSignOutReason('unreachable');
        navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [location.pathname, location.search, navigate]);

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await authApi.resendConfirmation(token, locale);
      notify(translate('app.auth.verify_resent'), 'success');
      // §4: after the notice, back to login one second later.
      setTimeout(() => navigate('/login', { replace: true }), VERIFY_REDIRECT_DELAY_MS);
    } catch (error) {
      notify(errorMessage(error, translate), 'error');
      setBusy(false);
    }
  };

  return (
    <PublicShell title={translate('app.page.verify')}>
      {email === null ? (
        <div className="pub-status">
          <Spinner large label={translate('ra.page.loading')} />
        </div>
      ) : (
        <div className="pub-form">
          <Notice type="info">{translate('app.auth.verify_sent_to', { email })}</Notice>
          <p className="pub-muted">{translate('app.auth.verify_help')}</p>
          <button
            type="button"
            className="pub-button pub-button-primary"
            onClick={resend}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? <Spinner /> : null}
            {translate('app.auth.verify_resend_button')}
          </button>
          <Link className="pub-button pub-button-text" to="/login">
            {translate('app.auth.back_to_login')}
          </Link>
        </div>
      )}
    </PublicShell>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
// The code form's own messages, loaded with this page rather than with the first download.
import verifyEn from 'virtual:messages/en/verify';
import verifyVi from 'virtual:messages/vi/verify';

import { authApi } from '../../api/auth';
import { revokeSessionQuietly } from '../../api/signedInAuth';
import { errorMessage, errorStatus, isNetworkError } from '../../api/client';
import { fetchCurrentUser } from '../../authProvider/sessionCheck';
import { decideAfterSessionCheck } from '../../authProvider/sessionRules';
import { forgetSession, getToken, storeSignOutReason } from '../../authProvider/sessionStore';
import { signInWithToken } from '../../authProvider/signIn';
import { useCountdown } from '../../components/useCountdown';
import { config } from '../../config';
import { OTP_RESEND_SECONDS, VERIFY_REDIRECT_DELAY_MS } from '../../domain/constants';
import { translateWith } from '../../i18n/interpolate';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link, Navigate } from './Link';
import { navigate, usePublicLocation } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { FieldMessage, Notice, Spinner, SubmitButton } from './ui';

/**
 * /verify: where a signed-in customer waits until the e-mail address is confirmed, either with the
 * mailed link or with a one-time code mailed on request (GET /auth/otp_email) and typed here.
 */
export default function VerifyEmailPage() {
  const token = getToken();
  return token ? <VerifyEmail token={token} /> : <Navigate to="/login" replace />;
}

/**
 * Leaving /verify for the login page signs this session out on the server too, as the portal's
 * sign-out does: otherwise its token would stay valid after the customer left it behind.
 */
async function backToLogin(token: string, replace: boolean): Promise<void> {
  await revokeSessionQuietly(token);
  forgetSession();
  navigate('/login', { replace });
}

function VerifyEmail({ token }: { token: string }) {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const location = usePublicLocation();
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
  }, [location.pathname, location.search]);

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await authApi.resendConfirmation(token, locale);
      notify(translate('app.auth.verify_resent'), 'success');
      // §4: after the notice, back to login one second later.
      setTimeout(() => void backToLogin(token, true), VERIFY_REDIRECT_DELAY_MS);
    } catch (error) {
      notify(errorMessage(error, translate), 'error');
      setBusy(false);
    }
  };

  return (
    <PublicShell title={translate('app.page.verify')}>
      {email === null ? (
        <div className="pub-status">
          <Spinner large label={translate('app.page.loading')} />
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
          <p className="pub-or">{translate('app.auth.verify_or')}</p>
          <EmailCode token={token} email={email} />
          <Link
            className="pub-button pub-button-text"
            to="/login"
            onClick={(event) => {
              event.preventDefault();
              void backToLogin(token, false);
            }}
          >
            {translate('app.auth.back_to_login')}
          </Link>
        </div>
      )}
    </PublicShell>
  );
}

const OTP_PATTERN = /^\d{6}$/;
/**
 * Confirmed by code, the customer goes on as after opening the mailed link (/confirm): to a stored
 * server choice (§4 b) or else the dashboard (d).
 */
const AS_AFTER_CONFIRMING = { pathname: '/confirm', search: '' };

/** The second way to confirm the address: a code mailed on request, then typed in (§7, §8). */
function EmailCode({ token, email }: { token: string; email: string }) {
  const { translate, locale } = usePublicI18n();
  const own = (key: string, params?: Record<string, unknown>) =>
    translateWith(locale === 'en' ? verifyEn : verifyVi, verifyVi, key, params);
  const notify = usePublicNotify();
  const countdown = useCountdown();
  const fieldId = useId();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const send = async () => {
    if (sending) return;
    setSending(true);
    try {
      await authApi.requestEmailOtp(token, locale);
      setSent(true);
      countdown.start(OTP_RESEND_SECONDS);
      notify(own('account.verify.email_sent', { address: email }), 'info');
    } catch {
      // §8: a code that could not be sent is a service interruption, whatever the cause.
      notify(own('account.verify.service_unavailable'), 'warning');
    } finally {
      setSending(false);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    const otp = code.trim();
    if (!OTP_PATTERN.test(otp)) {
      setCodeError(own('account.verify.code_format'));
      return;
    }
    setChecking(true);
    try {
      await authApi.verifyEmailOtp(token, otp, locale);
    } catch (error) {
      const wrongCode = errorStatus(error) === 400;
      notify(
        wrongCode ? own('account.verify.wrong_code') : errorMessage(error, translate),
        'error',
      );
      setChecking(false);
      return;
    }
    notify(own('account.verify.email_verified'), 'success');
    try {
      await signInWithToken(token, AS_AFTER_CONFIRMING, navigate);
    } catch {
      // The address is confirmed; the signed-in portal runs its own session check from here.
      navigate('/dashboard', { replace: true });
    }
  };

  const waiting = countdown.secondsLeft > 0;
  let sendLabel = translate('app.auth.verify_code_button');
  if (waiting) sendLabel = own('account.verify.resend_in', { seconds: countdown.secondsLeft });
  else if (sent) sendLabel = own('account.verify.resend');

  const messageId = `${fieldId}-message`;
  return (
    <>
      <p className="pub-muted">{translate('app.auth.verify_code_help')}</p>
      <button
        type="button"
        className={sent ? 'pub-button pub-button-text' : 'pub-button'}
        onClick={send}
        disabled={sending || waiting}
        aria-busy={sending}
      >
        {sending ? <Spinner /> : null}
        {sendLabel}
      </button>
      {sent ? (
        <form className="pub-form" onSubmit={check} noValidate>
          <div className="pub-field" data-invalid={Boolean(codeError)}>
            <label htmlFor={fieldId}>{own('account.verify.email_code')}</label>
            <input
              id={fieldId}
              name="email-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={Boolean(codeError)}
              aria-describedby={codeError ? messageId : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(undefined);
              }}
            />
            <FieldMessage id={messageId} error={codeError} />
          </div>
          <SubmitButton busy={checking}>{own('account.verify.submit')}</SubmitButton>
        </form>
      ) : null}
    </>
  );
}

import { useEffect, useState, type FormEvent } from 'react';

import { authApi } from '../../api/auth';
import { errorMessage, errorStatus } from '../../api/client';
import {
  clearSignOutReason,
  forgetSession,
  peekSignOutReason,
} from '../../authProvider/sessionStore';
import { signInWithToken } from '../../authProvider/signIn';
import { validateEmail, validateLoginPassword } from '../../domain/validation';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link } from './Link';
import { navigate, usePublicLocation } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { SecondStep } from './publicPages';
import { PublicShell } from './PublicShell';
import { Notice, SubmitButton, TextField } from './ui';
import { useFormFields } from './useFormFields';

export default function LoginPage() {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const location = usePublicLocation();
  const [busy, setBusy] = useState(false);
  // Why the portal signed the customer out, if it did: said once, on this visit only.
  const [signOutReason] = useState(peekSignOutReason);
  const [ticket, setTicket] = useState<string>();
  const form = useFormFields(
    { email: '', password: '' },
    { email: validateEmail, password: validateLoginPassword },
    translate,
  );

  useEffect(clearSignOutReason, []);

  useEffect(() => {
    // §4: arriving at login without a redirect ends any stored session.
    if (!new URLSearchParams(location.search).has('redirect')) forgetSession();
  }, [location.search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    setBusy(true);
    try {
      const { email, password } = form.values;
      const answer = await authApi.getToken(email.trim(), password, locale);
      if ('ticket' in answer) {
        setBusy(false);
        return setTicket(answer.ticket);
      }
      await signInWithToken(answer.token, location, navigate);
    } catch (error) {
      // §8: a refused sign-in reads the spec's sentence; no answer, or too many attempts (429,
      // "try again in N minutes"), must not read as a wrong password.
      const text =
        errorStatus(error) === 401
          ? translate('app.auth.login_failed')
          : errorMessage(error, translate);
      notify(text, 'error');
      setBusy(false);
    }
  };

  if (ticket) return <SecondStep ticket={ticket} back={setTicket} />;
  return (
    <PublicShell title={translate('app.page.login')}>
      <form className="pub-form" onSubmit={submit} noValidate>
        {signOutReason ? (
          <Notice type="warning">
            {translate(
              signOutReason === 'unreachable'
                ? 'app.auth.signed_out_unreachable'
                : 'app.auth.session_expired',
            )}
          </Notice>
        ) : null}
        <TextField
          label={translate('app.field.email')}
          type="email"
          autoComplete="email"
          initialFocus
          {...form.field('email')}
        />
        <TextField
          label={translate('app.field.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <div className="pub-right">
          <Link className="pub-link" to="/forgot">
            {translate('app.auth.forgot_link')}
          </Link>
        </div>
        <SubmitButton busy={busy}>{translate('app.auth.login_button')}</SubmitButton>
        <p className="pub-center">
          {translate('app.auth.no_account')}{' '}
          <Link className="pub-link" to={{ pathname: '/register', search: location.search }}>
            {translate('app.auth.register_link')}
          </Link>
        </p>
      </form>
    </PublicShell>
  );
}

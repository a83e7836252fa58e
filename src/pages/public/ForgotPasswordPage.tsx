import { useState, type FormEvent } from 'react';

import { authApi } from '../../api/auth';
import { errorMessage, errorStatus, isNetworkError } from '../../api/client';
import { validateEmail } from '../../domain/validation';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link } from './Link';
import { PublicShell } from './PublicShell';
import { usePublicNotify } from './PublicNotifier';
import { Notice, SubmitButton, TextField } from './ui';
import { useFormFields } from './useFormFields';

export default function ForgotPasswordPage() {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormFields({ email: '' }, { email: validateEmail }, translate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    setBusy(true);
    const email = form.values.email.trim();
    try {
      await authApi.requestPasswordReset(email, locale);
    } catch (error) {
      // §8: a failed reset request is silent, so the notice reads the same whether the address
      // has an account or not. But a request that was refused for coming too fast (429) or never
      // reached the server sent nothing: saying "sent" would be false, so say why instead.
      if (errorStatus(error) === 429 || isNetworkError(error)) {
        notify(errorMessage(error, translate), 'error');
        setBusy(false);
        return;
      }
    }
    setSentTo(email);
    setBusy(false);
  };

  return (
    <PublicShell title={translate('app.page.forgot')}>
      {sentTo ? (
        <div className="pub-form">
          <Notice type="success">{translate('app.auth.reset_sent', { email: sentTo })}</Notice>
          <Link className="pub-button pub-button-primary" to="/login">
            {translate('app.auth.back_to_login')}
          </Link>
        </div>
      ) : (
        <form className="pub-form" onSubmit={submit} noValidate>
          <TextField
            label={translate('app.field.email')}
            type="email"
            autoComplete="email"
            initialFocus
            {...form.field('email')}
            help={translate('app.auth.forgot_help')}
          />
          <SubmitButton busy={busy}>{translate('app.auth.send_reset_button')}</SubmitButton>
          <Link className="pub-button pub-button-text" to="/login">
            {translate('app.auth.back_to_login')}
          </Link>
        </form>
      )}
    </PublicShell>
  );
}

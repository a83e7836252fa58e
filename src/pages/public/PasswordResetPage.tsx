import { useState, type FormEvent } from 'react';

import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { validateNewPassword, validatePasswordConfirmation } from '../../domain/validation';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link, Navigate } from './Link';
import { navigate, useSearchParams } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { SubmitButton, TextField } from './ui';
import { useFormFields } from './useFormFields';

export default function PasswordResetPage() {
  const search = useSearchParams();
  const token = search.get('token');
  // §2: without a token the page is not shown.
  return token ? <PasswordResetForm token={token} /> : <Navigate to="/login" replace />;
}

function PasswordResetForm({ token }: { token: string }) {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const [busy, setBusy] = useState(false);
  const form = useFormFields(
    { password: '', confirmation: '' },
    {
      password: validateNewPassword,
      confirmation: (value, values) => validatePasswordConfirmation(value, values.password),
    },
    translate,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, form.values.password, locale);
      notify(translate('app.auth.reset_success'), 'success');
      navigate('/login', { replace: true });
    } catch (error) {
      notify(errorMessage(error, translate), 'error');
      setBusy(false);
    }
  };

  return (
    <PublicShell title={translate('app.page.password_reset')}>
      <form className="pub-form" onSubmit={submit} noValidate>
        <TextField
          label={translate('app.field.new_password')}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label={translate('app.field.confirm_password')}
          type="password"
          autoComplete="new-password"
          {...form.field('confirmation')}
        />
        <SubmitButton busy={busy}>{translate('app.auth.reset_button')}</SubmitButton>
        <Link className="pub-button pub-button-text" to="/login">
          {translate('app.auth.back_to_login')}
        </Link>
      </form>
    </PublicShell>
  );
}

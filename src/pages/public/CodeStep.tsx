/**
 * The sign-in's second step (issue 20), for an account with two-step sign-in on: the password was
 * right and the sandbox answered a ticket; the code of the authenticator app (or a recovery code)
 * turns it into a session. Loaded by LoginPage only when asked for, with its own messages, so the
 * login page's first download does not grow.
 */
import { useState, type FormEvent } from 'react';
import signInCodeEn from 'virtual:messages/en/sign_in_code';
import signInCodeVi from 'virtual:messages/vi/sign_in_code';

import { callContract, errorMessage, errorStatus, fieldErrors } from '../../api/client';
import { signInWithToken } from '../../authProvider/signIn';
import { translateWith } from '../../i18n/interpolate';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { navigate, usePublicLocation } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { SubmitButton, TextField } from './ui';

export default function CodeStep(props: {
  ticket: string;
  /** Back to the password (the ticket is given up): called without an argument. */
  back: (ticket?: string) => void;
}) {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const location = usePublicLocation();
  const own = (key: string) =>
    translateWith(locale === 'en' ? signInCodeEn : signInCodeVi, signInCodeVi, key);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const problemOf = (value: string) => {
    const typed = value.replace(/[\s-]/g, '');
    if (!typed) return own('sign_in_code.code_required');
    if (!recovery && !/^\d{6}$/.test(typed)) return own('sign_in_code.code_format');
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(code);
    setError(problem);
    if (busy || problem) return;
    setBusy(true);
    try {
      const { token } = await callContract('POST', '/auth/token/two_factor', {
        body: { ticket: props.ticket, code: code.trim() },
        credentials: { kind: 'none' },
        locale,
      });
      await signInWithToken(token, location, navigate);
    } catch (failure) {
      setBusy(false);
      const text = errorMessage(failure, translate);
      // The ticket expired or was given up after too many wrong codes: the password again.
      if (errorStatus(failure) === 401) {
        notify(text, 'error');
        props.back();
        return;
      }
      const onField = fieldErrors(failure).code;
      if (onField) setError(onField);
      else notify(text, 'error');
    }
  };

  const toggle = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };

  return (
    <PublicShell title={translate('app.page.login')}>
      <form className="pub-form" onSubmit={submit} noValidate>
        <p>{own(recovery ? 'sign_in_code.intro_recovery' : 'sign_in_code.intro')}</p>
        <TextField
          // A new field when the kind of code changes, so it takes the focus again.
          key={recovery ? 'recovery' : 'app'}
          label={own(recovery ? 'sign_in_code.recovery_code' : 'sign_in_code.code')}
          name="code"
          autoComplete="one-time-code"
          initialFocus
          required
          value={code}
          error={error}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          onBlur={() => undefined}
        />
        <div className="pub-right">
          <button type="button" className="pub-button pub-button-text" onClick={toggle}>
            {own(recovery ? 'sign_in_code.use_app' : 'sign_in_code.use_recovery')}
          </button>
        </div>
        <SubmitButton busy={busy}>{own('sign_in_code.submit')}</SubmitButton>
        <p className="pub-center">
          <button type="button" className="pub-button pub-button-text" onClick={() => props.back()}>
            {own('sign_in_code.back')}
          </button>
        </p>
      </form>
    </PublicShell>
  );
}

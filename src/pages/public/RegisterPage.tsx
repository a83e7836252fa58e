import { useEffect, useState, type FormEvent } from 'react';
import { formatPhoneNumber } from 'react-phone-number-input';
// The register page's own messages, loaded with it rather than with the first download.
import registerEn from 'virtual:messages/en/register';
import registerVi from 'virtual:messages/vi/register';

import { authApi } from '../../api/auth';
import { errorMessage, fieldErrors } from '../../api/client';
import { signInWithToken } from '../../authProvider/signIn';
import { CREATE_SERVER_REDIRECT } from '../../authProvider/sessionRules';
import { serverChoiceFromQuery } from '../../authProvider/serverChoiceQuery';
import { storePendingServerChoice } from '../../authProvider/sessionStore';
import { PhoneNumberInput } from '../../components/PhoneNumberInput';
import { config } from '../../config';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/constants';
import { validatePhone } from '../../domain/phone';
import {
  validateEmail,
  validateFullName,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../../domain/validation';
import { translateWith } from '../../i18n/interpolate';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link } from './Link';
import { navigate, usePublicLocation } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { FieldMessage, SubmitButton, TextField } from './ui';
import { useFormFields } from './useFormFields';

type Field = 'email' | 'password' | 'confirmPassword' | 'fullName' | 'phoneNumber';

const SERVER_FIELD_NAMES: Record<string, Field> = {
  email: 'email',
  password: 'password',
  verify_password: 'confirmPassword',
  fullname: 'fullName',
  phone: 'phoneNumber',
  formatted_phone: 'phoneNumber',
};

export default function RegisterPage() {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const location = usePublicLocation();
  const [busy, setBusy] = useState(false);
  const form = useFormFields(
    { email: '', password: '', confirmPassword: '', fullName: '', phoneNumber: '' },
    {
      email: validateEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validatePasswordConfirmation(value, values.password),
      fullName: validateFullName,
      phoneNumber: validatePhone,
    },
    translate,
  );

  useEffect(() => {
    // §3: arriving with a create-server redirect keeps the chosen configuration for later.
    const search = new URLSearchParams(location.search);
    const choice = serverChoiceFromQuery(search);
    if (search.get('redirect') === CREATE_SERVER_REDIRECT && choice)
      storePendingServerChoice(choice);
  }, [location.search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validateAll()) return;
    setBusy(true);
    const { email, password, fullName, phoneNumber } = form.values;
    try {
      await authApi.register(
        {
          fullname: fullName.trim(),
          password,
          verify_password: password,
          email: email.trim(),
          phone: phoneNumber,
          formatted_phone: formatPhoneNumber(phoneNumber),
        },
        locale,
      );
    } catch (error) {
      const errors = fieldErrors(error);
      form.setServerErrors(
        Object.fromEntries(
          Object.entries(errors).flatMap(([name, message]) =>
            SERVER_FIELD_NAMES[name] ? [[SERVER_FIELD_NAMES[name], message]] : [],
          ),
        ),
      );
      notify(errorMessage(error, translate), 'error');
      setBusy(false);
      return;
    }
    // §4: registration signs the customer in at once, then says so.
    try {
      const answer = await authApi.getToken(email.trim(), password, locale);
      notify(translate('app.auth.register_success'), 'success');
      // A new account has no two-step sign-in yet: the answer is a session token.
      await signInWithToken((answer as { token: string }).token, location, navigate);
    } catch {
      navigate('/login', { replace: true });
    }
  };

  const textField = (
    name: Exclude<Field, 'phoneNumber'>,
    type: string,
    autoComplete: string,
    label: string,
  ) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      initialFocus={name === 'email'}
      {...form.field(name)}
    />
  );

  const phoneError = form.errorFor('phoneNumber');
  const chosen = chosenServer(location.search);

  return (
    <PublicShell title={translate('app.page.register')}>
      <form className="pub-form" onSubmit={submit} noValidate>
        {chosen ? (
          <p className="pub-notice pub-notice-info" data-testid="chosen-config">
            {translateWith(
              locale === 'en' ? registerEn : registerVi,
              registerVi,
              'register_page.chosen_config',
              chosen,
            )}
          </p>
        ) : null}
        {textField('email', 'email', 'email', translate('app.field.email'))}
        {textField('password', 'password', 'new-password', translate('app.field.password'))}
        {textField(
          'confirmPassword',
          'password',
          'new-password',
          translate('app.field.confirm_password'),
        )}
        {textField('fullName', 'text', 'name', translate('app.field.fullname'))}
        <div className="pub-field" data-invalid={Boolean(phoneError)}>
          <label htmlFor="register-phone">{translate('app.field.phone')} *</label>
          <PhoneNumberInput
            locale={locale}
            translate={translate}
            id="register-phone"
            name="phoneNumber"
            defaultCountry={DEFAULT_PHONE_COUNTRY}
            autoComplete="tel"
            aria-invalid={Boolean(phoneError)}
            aria-describedby="register-phone-message"
            value={form.values.phoneNumber || undefined}
            onChange={(value) => form.setValue('phoneNumber', value ?? '')}
            onBlur={() => form.touch('phoneNumber')}
          />
          <FieldMessage id="register-phone-message" error={phoneError} />
        </div>
        <p className="pub-muted">
          {translate('app.auth.privacy_note')}{' '}
          <a className="pub-link" href={config.termsUrl} target="_blank" rel="noopener noreferrer">
            {translate('app.auth.terms_link')}
          </a>
        </p>
        <SubmitButton busy={busy}>{translate('app.auth.register_button')}</SubmitButton>
        <p className="pub-center">
          {translate('app.auth.have_account')}{' '}
          <Link className="pub-link" to={{ pathname: '/login', search: location.search }}>
            {translate('app.auth.login_link')}
          </Link>
        </p>
      </form>
    </PublicShell>
  );
}

/**
 * The configuration a pricing link chose (`?redirect=…&cpu&ram&disk&interval`, spec §3), to show
 * above the form; none for another link or numbers that are not whole (the create form corrects
 * those later and says so).
 */
function chosenServer(search: string) {
  const query = new URLSearchParams(search);
  const choice = serverChoiceFromQuery(query);
  if (query.get('redirect') !== CREATE_SERVER_REDIRECT || !choice) return null;
  const months = choice.interval ?? '1';
  const numbers = [choice.cpu, choice.ram, choice.disk, months];
  return numbers.every((value) => /^\d+$/.test(value)) ? { ...choice, months } : null;
}

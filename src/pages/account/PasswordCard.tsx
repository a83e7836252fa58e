/**
 * Change password (spec §5): the current password, the new one twice. The sandbox checks the
 * current one (its message goes under that field) and signs the account's other sessions out.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { validateNewPassword, validatePasswordConfirmation } from '../../domain/validation';
import { AccountCard } from './AccountCard';
import { submitFailure } from '../../components/submitFailure';

type Field = 'old_password' | 'new_password' | 'verify_password';
const EMPTY: Record<Field, string> = { old_password: '', new_password: '', verify_password: '' };

export function PasswordCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const change = useMutation({ mutationFn: dataProvider.changePassword });

  const validate = (next: typeof values): Partial<Record<Field, string>> => {
    const keys = {
      old_password: next.old_password ? undefined : 'validation.old_password_required',
      new_password: validateNewPassword(next.new_password),
      verify_password: validatePasswordConfirmation(next.verify_password, next.new_password),
    };
    return Object.fromEntries(
      Object.entries(keys).flatMap(([field, key]) => (key ? [[field, translate(key)]] : [])),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setSubmitError(undefined);
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await change.mutateAsync(values);
      setValues(EMPTY);
      notify.success('account.password.changed');
    } catch (error) {
      const failure = submitFailure(error, translate);
      setErrors(failure.fields);
      setSubmitError(failure.message);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={translate(label)}
      type="password"
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      fullWidth
    />
  );

  return (
    <AccountCard id="account-password" title={translate('account.password.title')}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          {field('old_password', 'account.password.old', 'current-password')}
          {field('new_password', 'account.password.new', 'new-password')}
          {field('verify_password', 'account.password.confirm', 'new-password')}
          {submitError ? <Alert severity="error">{submitError}</Alert> : null}
          <div>
            <BusyButton type="submit" variant="contained" busy={change.isPending}>
              {translate('account.password.submit')}
            </BusyButton>
          </div>
        </Stack>
      </form>
    </AccountCard>
  );
}

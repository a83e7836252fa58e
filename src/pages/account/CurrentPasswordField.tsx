import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The account's password, asked again before what a session alone must not do (turning two-step
 * sign-in on, making an API token): `help` says why, `error` replaces it when there is one.
 */
export function CurrentPasswordField(props: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  help: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      name="password"
      type="password"
      label={translate('account.password.old')}
      autoComplete="current-password"
      required
      value={props.value}
      onChange={props.onChange}
      error={Boolean(props.error)}
      helperText={props.error ?? props.help}
      fullWidth
    />
  );
}

/**
 * A new administrator password for a server. Under the field: the rule, or once the field has
 * been left, what is wrong with the value (validateServerPassword).
 */
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { validateServerPassword } from '../../domain/serverRules';

export function ServerPasswordField(props: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const [touched, setTouched] = useState(false);
  const error = touched ? validateServerPassword(props.value) : undefined;
  return (
    <TextField
      type="password"
      label={translate('servers.fields.new_password')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={() => setTouched(true)}
      error={error !== undefined}
      helperText={translate(error ?? 'validation.server_password')}
      autoComplete="new-password"
      fullWidth
    />
  );
}

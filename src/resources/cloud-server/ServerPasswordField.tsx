/**
 * A new administrator password for a server. Under the field: the rule, or once the field has
 * been left, what is wrong with the value (validateServerPassword). The eye shows or hides what
 * was typed; "Generate" fills in a strong password that satisfies the rule (generatePassword)
 * and shows it, so the customer can copy it before confirming.
 */
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { generatePassword } from '../../domain/passwordGenerator';
import { validateServerPassword } from '../../domain/serverRules';

export function ServerPasswordField(props: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const [touched, setTouched] = useState(false);
  const [visible, setVisible] = useState(false);
  const error = touched ? validateServerPassword(props.value) : undefined;
  const generate = () => {
    props.onChange(generatePassword());
    setVisible(true);
    setTouched(true);
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type={visible ? 'text' : 'password'}
        label={translate('servers.fields.new_password')}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        error={error !== undefined}
        helperText={translate(error ?? 'validation.server_password')}
        autoComplete="new-password"
        fullWidth
        slotProps={{
          htmlInput: { spellCheck: false, sx: { fontFamily: visible ? 'monospace' : undefined } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setVisible((shown) => !shown)}
                  aria-label={translate('servers.password_tools.show')}
                  aria-pressed={visible}
                  edge="end"
                >
                  {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button size="small" startIcon={<AutoFixHighIcon />} onClick={generate}>
        {translate('servers.password_tools.generate')}
      </Button>
    </Stack>
  );
}

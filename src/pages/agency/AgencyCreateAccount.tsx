/**
 * /agency/create: a customer account under the agency — e-mail, full name, phone (the
 * international input of registration, Vietnam by default, E.164 sent) and a first password,
 * twice. The rules are registration's (src/domain/validation), checked here and again by the
 * sandbox, whose refusals appear under their fields with what was typed kept. The customer then
 * gets the confirmation e-mail; the agency goes back to its accounts, the new one first.
 */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useRef, useState } from 'react';
import {
  Form,
  PasswordInput,
  TextInput,
  useDataProvider,
  useInput,
  useLocaleState,
  useTranslate,
  ValidationError,
  type Validator,
} from 'react-admin';
import { formatPhoneNumber, isValidPhoneNumber } from 'react-phone-number-input';
import { Link, useNavigate } from 'react-router-dom';

import { fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer } from '../../components/lostAnswer';
import { PhoneNumberInput as SharedPhoneInput } from '../../components/PhoneNumberInput';
import { errorText, usePortalNotify } from '../../components/usePortalNotify';
import type { AgencyAccount, PortalDataProvider } from '../../dataProvider/dataProvider';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/constants';
import {
  validateEmail,
  validateFullName,
  validateNewPassword,
  validatePasswordConfirmation,
  validatePhone,
} from '../../domain/validation';

interface NewAccountValues {
  email?: string;
  fullname?: string;
  phone?: string;
  password?: string;
  confirm_password?: string;
}

const SERVER_FIELDS = ['email', 'fullname', 'phone', 'password'] as const;

export function AgencyCreateAccount() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const [submitError, setSubmitError] = useState<string>();
  const submitting = useRef(false);

  const create = useMutation({
    mutationFn: async (values: NewAccountValues) => {
      const phone = values.phone ?? '';
      const { data } = await dataProvider.create<AgencyAccount>('agency-accounts', {
        data: {
          email: (values.email ?? '').trim(),
          fullname: (values.fullname ?? '').trim(),
          phone,
          formatted_phone: formatPhoneNumber(phone),
          password: values.password ?? '',
        },
      });
      return data as AgencyAccount;
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    if (submitting.current) return undefined;
    submitting.current = true;
    setSubmitError(undefined);
    try {
      const account = await create.mutateAsync(values as NewAccountValues);
      await queryClient.invalidateQueries({ queryKey: ['agency-accounts'] });
      // The report counts the new account this month.
      await queryClient.invalidateQueries({ queryKey: ['agency-report'] });
      notify.success('agency.create.created', { email: account.email });
      navigate('/agency');
      return undefined;
    } catch (error) {
      if (isLostAnswer(error)) {
        // The account may exist now: the list, read again, says so; the form keeps what was typed.
        await queryClient.invalidateQueries({ queryKey: ['agency-accounts'] });
        setSubmitError(translate('app.error.result_unknown'));
        return undefined;
      }
      const errors = fieldErrors(error);
      const fields = Object.fromEntries(
        SERVER_FIELDS.filter((field) => errors[field]).map((field) => [field, errors[field]]),
      );
      if (Object.keys(fields).length === 0) {
        setSubmitError(errorText(error) ?? translate('app.error.generic'));
      }
      return fields;
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={1}>
            <Typography sx={{ mb: 1 }}>{translate('agency.create.intro')}</Typography>
            <TextInput
              source="email"
              type="email"
              label="agency.create.email"
              validate={checkEmail}
              autoComplete="off"
              fullWidth
            />
            <TextInput
              source="fullname"
              label="agency.create.fullname"
              validate={checkFullName}
              autoComplete="off"
              fullWidth
            />
            <PhoneNumberInput />
            <PasswordInput
              source="password"
              label="agency.create.password"
              helperText="agency.create.password_help"
              validate={checkPassword}
              autoComplete="new-password"
              fullWidth
            />
            <PasswordInput
              source="confirm_password"
              label="agency.create.confirm_password"
              validate={checkConfirmation}
              autoComplete="new-password"
              fullWidth
            />
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <BusyButton
                type="submit"
                variant="contained"
                busy={create.isPending}
                startIcon={<PersonAddIcon />}
              >
                {translate('agency.create.submit')}
              </BusyButton>
              <Button component={Link} to="/agency">
                {translate('ra.action.cancel')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Form>
  );
}

/** The phone as registration takes it: a country picker (Vietnam first) and the number. */
function PhoneNumberInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState } = useInput({
    source: 'phone',
    validate: checkPhone,
    defaultValue: '',
  });
  // useInput hands react-hook-form the validator's answer wrapped as `@@react-admin@@"key"`:
  // react-admin's ValidationError unwraps and translates it (a server's text passes through).
  const problem = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <SharedPhoneInput
      locale={locale}
      translate={translate}
      id="agency-account-phone"
      name={field.name}
      defaultCountry={DEFAULT_PHONE_COUNTRY}
      value={field.value || undefined}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      inputComponent={PhoneTextField}
      label={translate('agency.create.phone')}
      error={Boolean(problem)}
      helperText={problem ? <ValidationError error={problem} /> : ' '}
      autoComplete="off"
    />
  );
}

/** The phone input's text box drawn as the other fields of the form are. */
const PhoneTextField = forwardRef<HTMLInputElement, TextFieldProps>(
  function PhoneTextField(props, ref) {
    return <TextField {...props} inputRef={ref} size="small" fullWidth />;
  },
);

const checkEmail: Validator = (value) => validateEmail(value);
const checkFullName: Validator = (value) => validateFullName(value);
const checkPassword: Validator = (value) => validateNewPassword(value);
const checkConfirmation: Validator = (value, values: NewAccountValues) =>
  validatePasswordConfirmation(value, values.password);
const checkPhone: Validator = (value) =>
  validatePhone(value) ?? (isValidPhoneNumber(value) ? undefined : 'validation.phone_invalid');

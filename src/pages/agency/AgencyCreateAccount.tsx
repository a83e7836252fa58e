/**
 * /agency/create: a customer account under the agency — e-mail, full name, phone (the
 * international input of registration, Vietnam by default, E.164 sent) and a first password,
 * twice. The rules are registration's (src/domain/validation), checked here and again by the
 * sandbox, whose refusals appear under their fields with what was typed kept. The customer then
 * gets the confirmation e-mail; the agency goes back to its accounts, the new one first.
 */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forwardRef } from 'react';
import {
  PasswordInput,
  TextInput,
  useDataProvider,
  useInput,
  useLocaleState,
  useTranslate,
  ValidationError,
  type Validator,
} from 'react-admin';
import { formatPhoneNumber } from 'react-phone-number-input';
import { useNavigate } from 'react-router-dom';

import { CreateForm } from '../../components/CreateForm';
import { PhoneNumberInput as SharedPhoneInput } from '../../components/PhoneNumberInput';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { AgencyAccount } from '../../dataProvider/dataProvider';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/constants';
import { validatePhone } from '../../domain/phone';
import {
  validateEmail,
  validateFullName,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../../domain/validation';

type NewAccountValues = {
  email?: string;
  fullname?: string;
  phone?: string;
  password?: string;
  confirm_password?: string;
};

export function AgencyCreateAccount() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const dataProvider = useDataProvider();

  return (
    <Box sx={{ maxWidth: 640 }}>
      <CreateForm<AgencyAccount, NewAccountValues>
        resource="agency-accounts"
        toBody={(values) => {
          const phone = values.phone ?? '';
          return {
            email: (values.email ?? '').trim(),
            fullname: (values.fullname ?? '').trim(),
            phone,
            formatted_phone: formatPhoneNumber(phone),
            password: values.password ?? '',
          };
        }}
        onCreated={(account) => {
          notify.success('agency.create.created', { email: account.email });
          navigate('/agency');
        }}
        findMade={async (values, since) => {
          const email = (values.email ?? '').trim().toLowerCase();
          const { data } = await dataProvider.getList<AgencyAccount>('agency-accounts', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: '', order: 'DESC' },
            filter: { search: email },
          });
          return data.find(
            (account) =>
              account.email.toLowerCase() === email &&
              Date.parse(account.created) >= since.getTime(),
          );
        }}
        // The report counts the new account this month.
        alsoRefresh={[['agency-report']]}
        submitKey="agency.create.submit"
        submitIcon={<PersonAddIcon />}
        cancelTo="/agency"
      >
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
      </CreateForm>
    </Box>
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
const checkPhone: Validator = (value) => validatePhone(value);

/**
 * The profile: full name and phone can change, the e-mail cannot (it is the sign-in name). The
 * phone is entered with the same international input as registration (Vietnam by default) and
 * stored in E.164. After saving, the header shows the new name (the identity is read again).
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useState, type FormEvent } from 'react';
import { formatPhoneNumber } from 'react-phone-number-input';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';

import { errorMessage, fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { PhoneNumberInput } from '../../components/PhoneNumberInput';
import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider, Profile } from '../../dataProvider/dataProvider';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/constants';
import { validatePhone } from '../../domain/phone';
import { validateFullName } from '../../domain/validation';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';
import { ProfileAccountCard } from './ProfileAccountCard';

export function ProfileCard() {
  const translate = useTranslate();
  return (
    <ProfileAccountCard id="account-profile" title={translate('account.profile.title')}>
      {(profile) => <ProfileForm profile={profile} />}
    </ProfileAccountCard>
  );
}

type Field = 'fullname' | 'phone';

function ProfileForm({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  const notify = usePortalNotify();
  const [fullname, setFullname] = useState(profile.fullname);
  const [phone, setPhone] = useState(profile.phone);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const save = useMutation({ mutationFn: dataProvider.updateProfile });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitError(undefined);
    const phoneProblem = validatePhone(phone);
    const problems = Object.fromEntries(
      Object.entries({ fullname: validateFullName(fullname), phone: phoneProblem }).flatMap(
        ([field, key]) => (key ? [[field, translate(key)]] : []),
      ),
    );
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const saved = await save.mutateAsync({
        fullname: fullname.trim(),
        phone,
        formatted_phone: formatPhoneNumber(phone),
      });
      queryClient.setQueryData(ACCOUNT_QUERY_KEYS.profile, saved);
      setFullname(saved.fullname);
      notify.success('account.profile.saved');
      await refreshIdentity();
    } catch (error) {
      if (isLostAnswer(error)) {
        setSubmitError(translate('app.error.result_unknown'));
        return;
      }
      const fromServer = fieldErrors(error);
      const known = {
        ...(fromServer.fullname && { fullname: fromServer.fullname }),
        ...((fromServer.phone ?? fromServer.formatted_phone) && {
          phone: fromServer.phone ?? fromServer.formatted_phone,
        }),
      };
      setErrors(known);
      if (Object.keys(known).length === 0) {
        setSubmitError(errorMessage(error, translate));
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={1}>
        <TextField
          name="email"
          label={translate('account.profile.email')}
          value={profile.email}
          helperText={translate('account.profile.email_help')}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
        <TextField
          name="fullname"
          label={translate('account.profile.fullname')}
          autoComplete="name"
          required
          value={fullname}
          onChange={(event) => {
            setFullname(event.target.value);
            setErrors({ ...errors, fullname: undefined });
          }}
          error={Boolean(errors.fullname)}
          helperText={errors.fullname ?? ' '}
          fullWidth
        />
        <PhoneNumberInput
          locale={locale}
          translate={translate}
          id="account-phone"
          name="phone"
          defaultCountry={DEFAULT_PHONE_COUNTRY}
          autoComplete="tel"
          value={phone || undefined}
          onChange={(value) => {
            setPhone(value ?? '');
            setErrors({ ...errors, phone: undefined });
          }}
          inputComponent={PhoneTextField}
          label={translate('account.profile.phone')}
          required
          error={Boolean(errors.phone)}
          helperText={errors.phone ?? translate('account.profile.phone_help')}
        />
        {submitError ? <Alert severity="error">{submitError}</Alert> : null}
        <div>
          <BusyButton type="submit" variant="contained" busy={save.isPending}>
            {translate('account.profile.save')}
          </BusyButton>
        </div>
      </Stack>
    </form>
  );
}

/** The phone input's text box drawn as the other fields of the page are. */
const PhoneTextField = forwardRef<HTMLInputElement, TextFieldProps>(
  function PhoneTextField(props, ref) {
    return <TextField {...props} inputRef={ref} fullWidth />;
  },
);

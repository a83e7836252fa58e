/**
 * Verifying the e-mail and the phone with one-time codes (spec §7, §8): the e-mail code is asked
 * for with GET /auth/otp_email and checked with POST; the SMS code is asked for with POST
 * /auth/otp_sms and a reCAPTCHA token, and checked with PATCH. Another code can be asked for once
 * the countdown has run out. The messages of §8 are shown word for word, for 3 seconds.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';

import { errorStatus, isNetworkError } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { useCountdown } from '../../components/useCountdown';
import { usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import {
  NOTIFICATION_MS,
  OTP_RESEND_SECONDS,
  SANDBOX_RECAPTCHA_TOKEN,
} from '../../domain/constants';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';
import { ProfileAccountCard } from './ProfileAccountCard';

export function VerificationCard() {
  const translate = useTranslate();
  return (
    <ProfileAccountCard id="account-verification" title={translate('account.verify.title')}>
      {(profile) => (
        <Stack spacing={2} divider={<Divider flexItem />}>
          <CodeChannel channel="email" address={profile.email} verified={profile.email_verified} />
          <CodeChannel
            channel="phone"
            address={profile.formatted_phone || profile.phone}
            verified={profile.phone_verified}
          />
        </Stack>
      )}
    </ProfileAccountCard>
  );
}

type Channel = 'email' | 'phone';

function CodeChannel(props: { channel: Channel; address: string; verified: boolean }) {
  const { channel } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  const portalNotify = usePortalNotify();
  const notify = useNotify();
  const countdown = useCountdown();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const show = (type: 'warning' | 'error', text: string) =>
    notify(text, { type, messageArgs: { _: text }, autoHideDuration: NOTIFICATION_MS });

  const send = async () => {
    setSending(true);
    try {
      if (channel === 'email') await dataProvider.requestEmailOtp();
      // No reCAPTCHA site key is configured for the sandbox: it takes its documented test token.
      else await dataProvider.requestSmsOtp(SANDBOX_RECAPTCHA_TOKEN);
      setSent(true);
      countdown.start(OTP_RESEND_SECONDS);
      portalNotify.info(`account.verify.${channel}_sent`, { address: props.address });
    } catch (error) {
      // §8: a code that could not be sent is a service interruption, whatever the cause.
      if (channel === 'email' || isNetworkError(error)) {
        show('warning', translate('account.verify.service_unavailable'));
      } else {
        portalNotify.error(error);
      }
    } finally {
      setSending(false);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (checking) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(translate('account.verify.code_format'));
      return;
    }
    setChecking(true);
    try {
      if (channel === 'email') await dataProvider.verifyEmailOtp(code.trim());
      else await dataProvider.verifySmsOtp(code.trim());
      portalNotify.success(`account.verify.${channel}_verified`);
      setSent(false);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEYS.profile });
      await refreshIdentity();
    } catch (error) {
      if (errorStatus(error) === 400) show('error', translate('account.verify.wrong_code'));
      else portalNotify.error(error);
    } finally {
      setChecking(false);
    }
  };

  const label = translate(`account.verify.${channel}`);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1">
          {label}
        </Typography>
        {props.verified ? (
          <Chip
            size="small"
            color="success"
            icon={<CheckCircleIcon />}
            label={translate('account.verify.verified')}
          />
        ) : (
          <Chip size="small" label={translate('account.verify.not_verified')} />
        )}
      </Stack>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {props.address}
      </Typography>
      {props.verified ? null : (
        <>
          <div>
            <BusyButton
              variant={sent ? 'text' : 'contained'}
              busy={sending}
              disabled={countdown.secondsLeft > 0}
              onClick={send}
            >
              {countdown.secondsLeft > 0
                ? translate('account.verify.resend_in', { seconds: countdown.secondsLeft })
                : translate(sent ? 'account.verify.resend' : 'account.verify.send_code')}
            </BusyButton>
          </div>
          {sent ? (
            <form onSubmit={check} noValidate>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  name={`${channel}-code`}
                  label={translate(`account.verify.${channel}_code`)}
                  value={code}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCodeError(undefined);
                  }}
                  error={Boolean(codeError)}
                  helperText={codeError ?? ' '}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  size="small"
                />
                <div>
                  <BusyButton
                    type="submit"
                    variant="contained"
                    busy={checking}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {translate('account.verify.submit')}
                  </BusyButton>
                </div>
              </Stack>
            </form>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/**
 * Two-step sign-in (issue 20): off → set up (a QR code drawn here, never by a third party, and the
 * secret as text for typing in), a code and the password confirm it → the ten recovery codes, shown
 * once, to copy or download → on, with two dialogs that ask for the password and a code: one makes
 * ten new recovery codes (shown the same way), the other turns it off.
 */
import { errorMessage } from '../../api/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { QrCodeImage } from '../../components/QrCodeImage';
import { BusyButton } from '../../components/BusyButton';
import { CopyButton } from '../../components/CopyButton';
import { QueryContent } from '../../components/QueryContent';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { AccountCard } from './AccountCard';
import { CurrentPasswordField } from './CurrentPasswordField';
import { ACCOUNT_QUERY_KEYS } from './accountQueries';
import { submitFailure } from '../../components/submitFailure';
import { isLostAnswer } from '../../components/lostAnswer';

const QUERY_KEY = [...ACCOUNT_QUERY_KEYS.profile, 'two-factor'];

/** The account's two-step sign-in, as the card shows it and as a lost answer reads it again. */
const twoFactorState = (dataProvider: PortalDataProvider) => ({
  queryKey: QUERY_KEY,
  queryFn: () => dataProvider.getTwoFactor(),
});

type Setup = { secret: string; otpauth_uri: string };

export function TwoFactorCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const state = useQuery(twoFactorState(dataProvider));
  const [setup, setSetup] = useState<Setup>();
  // The codes just made, and what made them (turning it on, or new codes asked for).
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; headline: string }>();
  // The answer with the recovery codes was lost on the way: which message says so.
  const [codesLost, setCodesLost] = useState<'codes_lost' | 'new_codes_lost'>();

  let content;
  if (recoveryCodes) {
    content = (
      <RecoveryCodes
        codes={recoveryCodes.codes}
        headline={recoveryCodes.headline}
        onDone={() => setRecoveryCodes(undefined)}
      />
    );
  } else if (setup) {
    content = (
      <SetupForm
        setup={setup}
        onCancel={() => setSetup(undefined)}
        onConfirmed={(codes) => {
          setSetup(undefined);
          if (codes) setRecoveryCodes({ codes, headline: 'account.two_factor.enabled' });
          else setCodesLost('codes_lost');
        }}
      />
    );
  } else {
    content = (
      <QueryContent query={state}>
        {(data) =>
          data.enabled ? (
            <>
              {codesLost ? (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {translate(`account.two_factor.${codesLost}`)}
                </Alert>
              ) : null}
              <TwoFactorOn
                enabledAt={data.enabled_at}
                left={data.recovery_codes_left}
                onNewCodes={(codes) => {
                  setCodesLost(codes ? undefined : 'new_codes_lost');
                  if (codes) {
                    setRecoveryCodes({ codes, headline: 'account.two_factor.new_codes_made' });
                  }
                }}
              />
            </>
          ) : (
            <TwoFactorOff onStarted={setSetup} />
          )
        }
      </QueryContent>
    );
  }
  return (
    <AccountCard id="account-two-factor" title={translate('account.two_factor.title')}>
      {content}
    </AccountCard>
  );
}

function TwoFactorOff({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const start = useMutation({ mutationFn: dataProvider.startTwoFactorSetup });
  const [failure, setFailure] = useState<string>();
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography variant="body2">{translate('account.two_factor.off')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('account.two_factor.intro')}
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <BusyButton
        variant="contained"
        busy={start.isPending}
        onClick={async () => {
          setFailure(undefined);
          try {
            onStarted(await start.mutateAsync());
          } catch (error) {
            setFailure(errorMessage(error, translate));
          }
        }}
      >
        {translate('account.two_factor.turn_on')}
      </BusyButton>
    </Stack>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type SetupField = 'code' | 'password';

function SetupForm(props: {
  setup: Setup;
  onCancel: () => void;
  /** The recovery codes; undefined when it was turned on but the answer holding them was lost. */
  onConfirmed: (codes: string[] | undefined) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const confirm = useMutation({ mutationFn: dataProvider.confirmTwoFactorSetup });
  const [values, setValues] = useState<Record<SetupField, string>>({ code: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SetupField, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const secretId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setSubmitError(undefined);
    const code = values.code.replace(/\s/g, '');
    const problems: Partial<Record<SetupField, string>> = {};
    if (!/^\d{6}$/.test(code)) problems.code = translate('account.two_factor.code_format');
    if (!values.password) problems.password = translate('validation.old_password_required');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const { recovery_codes } = await confirm.mutateAsync({ code, password: values.password });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      props.onConfirmed(recovery_codes);
    } catch (error) {
      // The answer was lost: read the state again, so a code that did turn it on is not
      // offered again (a second confirmation is refused as "already on").
      if (isLostAnswer(error)) {
        const state = await queryClient
          .fetchQuery(twoFactorState(dataProvider))
          .catch(() => undefined);
        if (state?.enabled) return props.onConfirmed(undefined);
      }
      const failure = submitFailure(error, translate);
      setErrors(failure.fields);
      setSubmitError(failure.message);
    }
  };

  const change = (name: SetupField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [name]: event.target.value });
    setErrors({ ...errors, [name]: undefined });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography variant="body2">{translate('account.two_factor.scan')}</Typography>
        <QrImage uri={props.setup.otpauth_uri} />
        <div>
          <Typography variant="body2" id={secretId}>
            {translate('account.two_factor.secret_label')}
          </Typography>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography
              component="code"
              aria-labelledby={secretId}
              data-testid="two-factor-secret"
              sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}
            >
              {grouped(props.setup.secret)}
            </Typography>
            <CopyButton
              value={props.setup.secret}
              what={translate('account.two_factor.secret_what')}
            />
          </Stack>
        </div>
        <TextField
          name="code"
          label={translate('account.two_factor.code')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          required
          value={values.code}
          onChange={change('code')}
          error={Boolean(errors.code)}
          helperText={errors.code ?? translate('account.two_factor.code_help')}
          fullWidth
        />
        <CurrentPasswordField
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          help={translate('account.two_factor.password_help')}
        />
        {submitError ? <Alert severity="error">{submitError}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <BusyButton type="submit" variant="contained" busy={confirm.isPending}>
            {translate('account.two_factor.confirm')}
          </BusyButton>
          <Button onClick={props.onCancel} disabled={confirm.isPending}>
            {translate('ra.action.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** Drawn at this size, so phone cameras read it at once. */
const QR_SIZE = 200;

function QrImage({ uri }: { uri: string }) {
  const translate = useTranslate();
  return (
    <QrCodeImage
      text={uri}
      size={QR_SIZE}
      alt={translate('account.two_factor.qr_alt')}
      failedText={translate('account.two_factor.qr_failed')}
      drawing={<CircularProgress size={28} aria-label={translate('ra.page.loading')} />}
      testId="two-factor-qr"
    />
  );
}

function RecoveryCodes(props: { codes: string[]; headline: string; onDone: () => void }) {
  const { codes, onDone } = props;
  const translate = useTranslate();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'idc-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="success" sx={{ width: '100%', boxSizing: 'border-box' }}>
        {translate(props.headline)}
      </Alert>
      <Alert severity="warning" sx={{ width: '100%', boxSizing: 'border-box' }}>
        {translate('account.two_factor.codes_warning')}
      </Alert>
      <Box
        component="ol"
        aria-label={translate('account.two_factor.codes_title')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          pl: 4,
          columns: 2,
          fontFamily: 'monospace',
          fontSize: '1rem',
          width: '100%',
          boxSizing: 'border-box',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <CopyButton value={text} what={translate('account.two_factor.codes_what')} />
        <Button variant="outlined" onClick={download}>
          {translate('account.two_factor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('account.two_factor.saved_codes')}
        </Button>
      </Stack>
    </Stack>
  );
}

function TwoFactorOn(props: {
  enabledAt: string | null;
  left: number;
  /** New recovery codes were made; undefined when the answer holding them was lost. */
  onNewCodes: (codes: string[] | undefined) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const [dialog, setDialog] = useState<'new_codes' | 'turn_off'>();
  const close = () => setDialog(undefined);
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="success" sx={{ width: '100%', boxSizing: 'border-box' }}>
        {props.enabledAt
          ? translate('account.two_factor.on_since', { date: formatDateTime(props.enabledAt) })
          : translate('account.two_factor.on')}
      </Alert>
      <Typography variant="body2">
        {translate('account.two_factor.codes_left', { smart_count: props.left })}
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button variant="outlined" onClick={() => setDialog('new_codes')}>
          {translate('account.two_factor.new_codes')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('turn_off')}>
          {translate('account.two_factor.turn_off')}
        </Button>
      </Stack>
      {dialog === 'new_codes' ? (
        <ProofDialog
          title="account.two_factor.new_codes_title"
          help="account.two_factor.new_codes_help"
          submit="account.two_factor.new_codes"
          prove={async (proof) =>
            (await dataProvider.renewTwoFactorRecoveryCodes(proof)).recovery_codes
          }
          onProved={(codes) => {
            close();
            props.onNewCodes(codes);
          }}
          onLost={() => {
            close();
            props.onNewCodes(undefined);
          }}
          onClose={close}
        />
      ) : null}
      {dialog === 'turn_off' ? (
        <ProofDialog
          title="account.two_factor.turn_off_title"
          help="account.two_factor.turn_off_help"
          submit="account.two_factor.turn_off"
          destructive
          prove={(proof) => dataProvider.disableTwoFactor(proof)}
          onProved={() => {
            notify.success('account.two_factor.disabled');
            close();
          }}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}

type ProofField = 'password' | 'code';

/**
 * The password and a code (of the app, or a recovery code): what turning two-step sign-in off and
 * making new recovery codes both ask for. The card's state is read again after either.
 */
function ProofDialog<Answer>(props: {
  title: string;
  help: string;
  submit: string;
  destructive?: boolean;
  prove: (proof: Record<ProofField, string>) => Promise<Answer>;
  onProved: (answer: Answer) => void;
  /** The answer was lost: what happened is not known (without it, the usual failure message). */
  onLost?: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const proving = useMutation({ mutationFn: props.prove });
  const [values, setValues] = useState<Record<ProofField, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<ProofField, string>>>({});
  const [submitError, setSubmitError] = useState<string>();
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (proving.isPending) return;
    setSubmitError(undefined);
    const problems: Partial<Record<ProofField, string>> = {};
    if (!values.password) problems.password = translate('validation.old_password_required');
    if (!values.code.trim()) problems.code = translate('account.two_factor.code_required');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await proving.mutateAsync({
        password: values.password,
        code: values.code.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      props.onProved(answer);
    } catch (error) {
      if (props.onLost && isLostAnswer(error)) {
        await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
        return props.onLost();
      }
      const failure = submitFailure(error, translate);
      setErrors(failure.fields);
      setSubmitError(failure.message);
    }
  };

  const field = (name: ProofField, label: string, extra: object) => (
    <TextField
      name={name}
      label={translate(label)}
      required
      value={values[name]}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog open onClose={proving.isPending ? undefined : props.onClose} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(props.title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Typography variant="body2">{translate(props.help)}</Typography>
            {field('password', 'account.password.old', {
              type: 'password',
              autoComplete: 'current-password',
            })}
            {field('code', 'account.two_factor.code_or_recovery', {
              autoComplete: 'one-time-code',
            })}
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={proving.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <BusyButton
            type="submit"
            variant="contained"
            color={props.destructive ? 'error' : 'primary'}
            busy={proving.isPending}
          >
            {translate(props.submit)}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

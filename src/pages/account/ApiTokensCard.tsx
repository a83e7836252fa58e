/**
 * API tokens for scripts (issue 20): create one (a name, read or read-write, a lifetime), see its
 * value once with a copy button and a warning, list the tokens (never their values) with their
 * scope, dates and last use, and revoke one after a confirmation.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { AskOnceDialog } from '../../components/AskOnceDialog';
import { errorMessage, fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { CopyButton } from '../../components/CopyButton';
import { QueryContent } from '../../components/QueryContent';
import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { ApiToken, PortalDataProvider } from '../../dataProvider/dataProvider';
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  DEFAULT_API_TOKEN_EXPIRY,
  validateApiTokenName,
  type ApiTokenExpiry,
  type ApiTokenScope,
} from '../../domain/apiTokens';
import { formatDate, formatDateTime } from '../../domain/dates';
import { AccountCard } from './AccountCard';
import { CurrentPasswordField } from './CurrentPasswordField';
import { LISTED_ITEM_SX } from './listedItem';

const TOKENS_KEY = ['account', 'api-tokens'] as const;
const NEVER = 'never';

export function ApiTokensCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken>();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => dataProvider.listApiTokens() });
  const revoke = useMutation({ mutationFn: dataProvider.revokeApiToken });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify.success('account.api_tokens.revoked', { name: revoking.name });
    } catch (error) {
      notify.error(error);
    }
    setRevoking(undefined);
    await refresh();
  };

  const content = (
    <QueryContent query={tokens}>
      {({ items }) =>
        items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('account.api_tokens.empty')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </Stack>
        )
      }
    </QueryContent>
  );

  return (
    <AccountCard id="account-api-tokens" title={translate('account.api_tokens.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('account.api_tokens.help')}
      </Typography>
      <Stack spacing={2}>
        {content}
        <div>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {translate('account.api_tokens.create')}
          </Button>
        </div>
      </Stack>
      {creating ? (
        <CreateTokenDialog
          listed={tokens.data?.items.map((token) => token.id) ?? []}
          onClose={() => {
            setCreating(false);
            void refresh();
          }}
        />
      ) : null}
      <AskOnceDialog
        open={revoking !== undefined}
        title={translate('account.api_tokens.confirm_revoke_title', { name: revoking?.name ?? '' })}
        confirmLabel={translate('account.api_tokens.revoke')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        danger
        onClose={() => setRevoking(undefined)}
      >
        <DialogContentText>{translate('account.api_tokens.confirm_revoke_body')}</DialogContentText>
      </AskOnceDialog>
    </AccountCard>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const translate = useTranslate();
  let expires = translate('account.api_tokens.never');
  if (token.expires) expires = formatDate(token.expires);
  return (
    <Box component="li" data-testid="api-token" sx={LISTED_ITEM_SX}>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Typography>
          <Chip size="small" variant="outlined" label={scopeLabel(translate, token.scope)} />
          {token.expired ? (
            <Chip size="small" color="warning" label={translate('account.api_tokens.expired')} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('account.api_tokens.created_column')}: {formatDate(token.created)} ·{' '}
          {translate('account.api_tokens.expires')}: {expires}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('account.api_tokens.last_used')}:{' '}
          {token.last_used
            ? formatDateTime(token.last_used)
            : translate('account.api_tokens.never_used')}
        </Typography>
      </Box>
      <Button
        color="error"
        onClick={onRevoke}
        aria-label={translate('account.api_tokens.revoke_label', { name: token.name })}
      >
        {translate('account.api_tokens.revoke')}
      </Button>
    </Box>
  );
}

/**
 * The form, then — once created — the value, shown this once. `listed`: the ids of the tokens
 * listed before, to tell a token this dialog made when its answer (and the value) was lost.
 */
function CreateTokenDialog({ listed, onClose }: { listed: number[]; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<ApiTokenExpiry>(DEFAULT_API_TOKEN_EXPIRY);
  const [nameError, setNameError] = useState<string>();
  // Asked again: a token outlives a change of password, so a session alone must not make one.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const [created, setCreated] = useState<{ name: string; value: string }>();
  // Made, but its value was lost with the answer: it can only be revoked.
  const [valueLost, setValueLost] = useState(false);
  const create = useMutation({ mutationFn: dataProvider.createApiToken });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitError(undefined);
    const problem = validateApiTokenName(name);
    setNameError(problem ? translate(problem) : undefined);
    const passwordMissing = password === '';
    setPasswordError(passwordMissing ? translate('validation.old_password_required') : undefined);
    if (problem || passwordMissing) return;
    try {
      const answer = await create.mutateAsync({ name, scope, expires_in_days: expiry, password });
      setCreated({ name: answer.api_token.name, value: answer.token });
    } catch (error) {
      if (isLostAnswer(error)) {
        // Read the list again: a second press would make a second token.
        const now = await dataProvider.listApiTokens().catch(() => undefined);
        const made = now?.items.some((token) => !listed.includes(token.id) && token.name === name);
        if (made) setValueLost(true);
        else setSubmitError(translate('app.error.result_unknown'));
        return;
      }
      const fromServer = fieldErrors(error);
      if (fromServer.name) setNameError(fromServer.name);
      if (fromServer.password) setPasswordError(fromServer.password);
      if (!fromServer.name && !fromServer.password) setSubmitError(errorMessage(error, translate));
    }
  };

  if (created) {
    return (
      <Dialog open onClose={undefined} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>
          {translate('account.api_tokens.created_title', { name: created.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{translate('account.api_tokens.created_warning')}</Alert>
            <Stack direction="row" spacing={1} alignItems="center">
              <TextField
                label={translate('account.api_tokens.value')}
                value={created.value}
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    'data-testid': 'api-token-value',
                    style: { fontFamily: 'monospace' },
                  },
                }}
                onFocus={(event) => event.target.select()}
              />
              <CopyButton
                value={created.value}
                what={translate('account.api_tokens.copy_what', { name: created.name })}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {translate('account.api_tokens.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate('account.api_tokens.create_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              name="name"
              label={translate('account.api_tokens.name')}
              value={name}
              required
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
              error={Boolean(nameError)}
              helperText={nameError ?? translate('account.api_tokens.name_help')}
              slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX } }}
              fullWidth
            />
            <FormControl>
              <FormLabel id={`${titleId}-scope`}>{translate('account.api_tokens.scope')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-scope`}
                name="scope"
                value={scope}
                onChange={(event) => setScope(event.target.value as ApiTokenScope)}
              >
                {API_TOKEN_SCOPES.map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio />}
                    label={scopeLabel(translate, option)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              select
              name="expiry"
              label={translate('account.api_tokens.expiry')}
              value={expiry === null ? NEVER : String(expiry)}
              onChange={(event) =>
                setExpiry(
                  event.target.value === NEVER
                    ? null
                    : (Number(event.target.value) as ApiTokenExpiry),
                )
              }
              slotProps={{ select: { native: true } }}
              fullWidth
            >
              {API_TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={String(days)} value={days === null ? NEVER : String(days)}>
                  {days === null
                    ? translate('account.api_tokens.expiry_never')
                    : translate('account.api_tokens.expiry_days', { smart_count: days })}
                </option>
              ))}
            </TextField>
            <CurrentPasswordField
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
              error={passwordError}
              help={translate('account.api_tokens.password_help')}
            />
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
            {valueLost ? (
              <Alert severity="warning">
                {translate('account.api_tokens.value_lost', { name })}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {translate(valueLost ? 'account.api_tokens.close' : 'account.api_tokens.cancel')}
          </Button>
          <BusyButton
            type="submit"
            variant="contained"
            busy={create.isPending}
            disabled={valueLost}
          >
            {translate('account.api_tokens.submit')}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function scopeLabel(translate: (key: string) => string, scope: ApiTokenScope): string {
  return translate(
    scope === 'read' ? 'account.api_tokens.scope_read' : 'account.api_tokens.scope_read_write',
  );
}

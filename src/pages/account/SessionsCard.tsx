/**
 * Where the account is signed in (issue 20): each session's device (read from its browser's
 * User-Agent by the sandbox), address, sign-in and last use, this device marked. Any other
 * session can be signed out, or all of them at once, after a confirmation; its token answers 401
 * from its next call.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { AskOnceDialog } from '../../components/AskOnceDialog';
import { QueryContent } from '../../components/QueryContent';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { AccountSession, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { AccountCard } from './AccountCard';
import { LISTED_ITEM_SX } from './listedItem';

const SESSIONS_KEY = ['account', 'sessions'] as const;

/** What the dialog asks to confirm: one session, or all the others. */
type Pending = { session: AccountSession } | 'others' | undefined;

export function SessionsCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const [pending, setPending] = useState<Pending>();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => dataProvider.listAccountSessions(),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const revokeOne = useMutation({ mutationFn: dataProvider.revokeAccountSession });
  const revokeOthers = useMutation({ mutationFn: dataProvider.revokeOtherAccountSessions });
  const deviceOf = useDeviceName();

  const confirm = async () => {
    try {
      if (pending === 'others') {
        const { revoked } = await revokeOthers.mutateAsync();
        notify.success('account.sessions.signed_out_others', { smart_count: revoked });
      } else if (pending) {
        await revokeOne.mutateAsync(pending.session.id);
        notify.success('account.sessions.signed_out', { device: deviceOf(pending.session) });
      }
    } catch (error) {
      notify.error(error);
    }
    setPending(undefined);
    await refresh();
  };

  const content = (
    <QueryContent query={sessions}>
      {({ items }) => {
        const others = items.filter((session) => !session.current);
        return (
          <Stack spacing={2}>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  device={deviceOf(session)}
                  onSignOut={() => setPending({ session })}
                />
              ))}
            </Stack>
            {others.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('account.sessions.only_this')}
              </Typography>
            ) : (
              <div>
                <Button variant="outlined" color="error" onClick={() => setPending('others')}>
                  {translate('account.sessions.sign_out_others')}
                </Button>
              </div>
            )}
          </Stack>
        );
      }}
    </QueryContent>
  );

  const dialogDevice = pending && pending !== 'others' ? deviceOf(pending.session) : '';
  return (
    <AccountCard id="account-sessions" title={translate('account.sessions.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('account.sessions.help')}
      </Typography>
      {content}
      <AskOnceDialog
        open={pending !== undefined}
        title={
          pending === 'others'
            ? translate('account.sessions.confirm_others_title')
            : translate('account.sessions.confirm_title', { device: dialogDevice })
        }
        confirmLabel={
          pending === 'others'
            ? translate('account.sessions.sign_out_others')
            : translate('account.sessions.sign_out')
        }
        busy={revokeOne.isPending || revokeOthers.isPending}
        onConfirm={confirm}
        danger
        onClose={() => setPending(undefined)}
      >
        <DialogContentText>
          {pending === 'others'
            ? translate('account.sessions.confirm_others_body')
            : translate('account.sessions.confirm_body')}
        </DialogContentText>
      </AskOnceDialog>
    </AccountCard>
  );
}

function SessionRow(props: { session: AccountSession; device: string; onSignOut: () => void }) {
  const translate = useTranslate();
  const { session, device } = props;
  return (
    <Box component="li" data-testid="account-session" sx={LISTED_ITEM_SX}>
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography component="h3" variant="subtitle2">
            {device}
          </Typography>
          {session.current ? (
            <Chip size="small" color="success" label={translate('account.sessions.this_device')} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {translate('account.sessions.address')}:{' '}
          {session.address ?? translate('account.sessions.unknown_address')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('account.sessions.signed_in')}: {formatDateTime(session.signed_in)} ·{' '}
          {translate('account.sessions.last_used')}: {formatDateTime(session.last_used)}
        </Typography>
      </Box>
      {session.current ? null : (
        <Button
          color="error"
          onClick={props.onSignOut}
          aria-label={translate('account.sessions.sign_out_label', { device })}
        >
          {translate('account.sessions.sign_out')}
        </Button>
      )}
    </Box>
  );
}

/** "Chrome 131 trên Windows", or what is known of it, or "unknown device". */
function useDeviceName() {
  const translate = useTranslate();
  return (session: AccountSession) => {
    if (session.browser && session.os) {
      return translate('account.sessions.device', { browser: session.browser, os: session.os });
    }
    return session.browser ?? session.os ?? translate('account.sessions.unknown_device');
  };
}

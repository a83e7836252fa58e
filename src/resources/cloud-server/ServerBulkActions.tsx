/**
 * What the server list does to the servers ticked in it: power on, power off, reboot, delete. One
 * dialog lists the servers it will act on (and the ones it skips because their status does not
 * allow it); deleting asks the customer to type "xoá 3 máy chủ" and says, server by server, what
 * the unused part of each paid period is worth and that it is not refunded. Each server then gets
 * the same single call its own page makes (one `POST …/action` or `DELETE` per server: there is no
 * bulk endpoint), and one notification says how many were sent, and one error names each server
 * that refused, with the server's reason.
 */
import { errorMessage } from '../../api/client';
import DeleteIcon from '@mui/icons-material/Delete';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';

import { AskOnceDialog } from '../../components/AskOnceDialog';
import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { unrefundedText } from '../../components/UnrefundedNote';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import { usePortalNotify } from '../../components/usePortalNotify';
import type {
  PortalDataProvider,
  Server,
  ServerPowerAction,
  ServerStatus,
} from '../../dataProvider/dataProvider';
import { isDeletable } from './serverConstants';
import { useWatchServer } from './serverWatch';
import { powerActionsFor } from './ServerRowParts';
import { SERVER_QUERY_ROOT } from './useServerAction';
import { DeleteVolumesChoice } from './DeleteVolumesChoice';
import { WaitNotice } from './WaitNotice';

type BulkPower = Extract<ServerPowerAction, 'power_on' | 'power_off' | 'soft_reboot'>;
type BulkAction = BulkPower | 'delete';

const BULK_ICONS: Record<BulkAction, ReactElement> = {
  power_on: <PlayArrowIcon />,
  power_off: <PowerSettingsNewIcon />,
  soft_reboot: <RestartAltIcon />,
  delete: <DeleteIcon />,
};

export function bulkApplies(action: BulkAction, status: ServerStatus): boolean {
  return action === 'delete' ? isDeletable(status) : powerActionsFor(status).includes(action);
}

export function ServerBulkActions() {
  const translate = useTranslate();
  const { selectedIds, data } = useListContext<Server>();
  const [action, setAction] = useState<BulkAction | null>(null);
  const selected = (data ?? []).filter((server) => selectedIds.includes(server.id));
  const close = () => setAction(null);
  return (
    <>
      {(['power_on', 'power_off', 'soft_reboot', 'delete'] as const).map((name) => (
        <Button
          key={name}
          size="small"
          startIcon={BULK_ICONS[name]}
          // Red text on the bar's light blue falls short of 4.5:1; a filled red button does not.
          color={name === 'delete' ? 'error' : 'primary'}
          variant={name === 'delete' ? 'contained' : 'text'}
          disabled={!selected.some((server) => bulkApplies(name, server.status))}
          onClick={() => setAction(name)}
        >
          {translate(`lists.servers.bulk.${name}`)}
        </Button>
      ))}
      {action === 'delete' ? <BulkDeleteDialog servers={selected} onClose={close} /> : null}
      {action && action !== 'delete' ? (
        <BulkPowerDialog action={action} servers={selected} onClose={close} />
      ) : null}
    </>
  );
}

/** One call per server, all at once; what each answered. */
function useBulkCall(action: BulkAction, call: (server: Server) => Promise<unknown>) {
  const translate = useTranslate();
  const notify = usePortalNotify();
  const raNotify = useNotify();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  const watch = useWatchServer();
  const { onUnselectItems } = useListContext();
  return useMutation({
    mutationFn: async (servers: Server[]) => {
      const results = await Promise.allSettled(servers.map(call));
      return servers.map((server, index) => ({ server, result: results[index] }));
    },
    onSuccess: async (outcomes) => {
      const sent = outcomes.filter((outcome) => outcome.result?.status === 'fulfilled').length;
      if (sent > 0) {
        const key = action === 'delete' ? 'delete_started' : 'started';
        notify.success(`lists.servers.bulk.${key}`, { smart_count: sent });
      }
      const refusals = outcomes.flatMap(({ server, result }) =>
        result?.status === 'rejected'
          ? [
              translate('lists.servers.bulk.failed', {
                name: server.name,
                reason: errorMessage(result.reason, translate),
              }),
            ]
          : [],
      );
      // Every refusal with its server's reason, in one notification (not one toast per server).
      if (refusals.length > 0) {
        raNotify(refusals.join(' · '), {
          type: 'error',
          messageArgs: { _: refusals.join(' · ') },
          multiLine: true,
        });
      }
      watch?.();
      onUnselectItems();
      // Deleting cancels the servers' renewals: the unpaid amount is read again too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SERVER_QUERY_ROOT }),
        refreshIdentity(),
      ]);
    },
  });
}

function ServerNames({ servers }: { servers: Server[] }) {
  return (
    <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 3 }}>
      {servers.map((server) => (
        <Typography component="li" variant="body2" key={server.id} sx={{ wordBreak: 'break-all' }}>
          {server.name}
        </Typography>
      ))}
    </Stack>
  );
}

/** The chosen servers the action does not apply to, which it leaves alone. */
function SkippedServers({ servers }: { servers: Server[] }) {
  const translate = useTranslate();
  if (servers.length === 0) return null;
  return (
    <div>
      <Typography variant="body2">{translate('lists.servers.bulk.skipped')}</Typography>
      <ServerNames servers={servers} />
    </div>
  );
}

function BulkPowerDialog(props: { action: BulkPower; servers: Server[]; onClose: () => void }) {
  const { action, servers, onClose } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const applicable = servers.filter((server) => bulkApplies(action, server.status));
  const skipped = servers.filter((server) => !bulkApplies(action, server.status));
  const run = useBulkCall(action, (server) => dataProvider.performServerAction(server.id, action));
  return (
    <AskOnceDialog
      title={translate(`lists.servers.bulk.${action}_title`, { smart_count: applicable.length })}
      confirmLabel={translate(`lists.servers.bulk.${action}`)}
      busy={run.isPending}
      confirmDisabled={applicable.length === 0}
      wide
      onClose={onClose}
      onConfirm={() => run.mutateAsync(applicable).then(onClose)}
    >
      <Stack spacing={1.5}>
        {applicable.length > 0 ? (
          <div>
            <Typography variant="body2">{translate('lists.servers.bulk.listed')}</Typography>
            <ServerNames servers={applicable} />
          </div>
        ) : (
          <Alert severity="info">{translate('lists.servers.bulk.none_apply')}</Alert>
        )}
        <SkippedServers servers={skipped} />
        {action === 'power_off' && applicable.length > 0 ? (
          <Alert severity="warning">{translate('servers.actions.power_off_warning')}</Alert>
        ) : null}
      </Stack>
    </AskOnceDialog>
  );
}

function BulkDeleteDialog({ servers, onClose }: { servers: Server[]; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [deleteVolumes, setDeleteVolumes] = useState(false);
  const deletable = servers.filter((server) => bulkApplies('delete', server.status));
  const skipped = servers.filter((server) => !bulkApplies('delete', server.status));
  const run = useBulkCall('delete', (server) =>
    dataProvider.deleteServer(server.id, deleteVolumes),
  );
  const phrase = translate('lists.servers.bulk.delete_phrase', { smart_count: deletable.length });
  return (
    <ConfirmByNameDialog
      open
      title={translate('lists.servers.bulk.delete_title', { smart_count: deletable.length })}
      name={phrase}
      prompt={translate('lists.servers.bulk.delete_prompt', { phrase })}
      confirmLabel={translate('lists.servers.bulk.delete')}
      ready={deletable.length > 0}
      busy={run.isPending}
      onClose={onClose}
      onConfirm={() => run.mutate(deletable, { onSuccess: onClose })}
    >
      <Alert severity="error">{translate('servers.actions.delete_warning')}</Alert>
      <div>
        <Typography variant="body2">{translate('lists.servers.bulk.listed')}</Typography>
        <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 3 }}>
          {deletable.map((server) => (
            <Typography component="li" variant="body2" key={server.id}>
              <strong>{server.name}</strong>
              {': '}
              {unrefundedText(translate, {
                amount: server.unused_prepaid_amount,
                paidUntil: server.expiry,
              })}
            </Typography>
          ))}
        </Stack>
      </div>
      <SkippedServers servers={skipped} />
      <DeleteVolumesChoice
        serverIds={deletable.map((server) => server.id)}
        checked={deleteVolumes}
        onChange={setDeleteVolumes}
        disabled={run.isPending}
      />
      <WaitNotice />
    </ConfirmByNameDialog>
  );
}

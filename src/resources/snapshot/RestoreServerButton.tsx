/**
 * A root disk's snapshot brings its server back (issue 19, our extension `POST
 * /cloud/servers/{id}/restore`): "Khôi phục máy chủ" replaces the server's root disk with the
 * snapshot, after the customer types the server's name. It is free. The server goes through
 * "Đang khôi phục" and the success message comes when it runs again, not when the call is
 * accepted, wherever the customer is by then (components/taskFollower.ts). "Tạo máy chủ" opens the create
 * form on this snapshot (`/cloud-server/create?snapshot=<id>`), priced as any new server.
 */
import AddToQueueIcon from '@mui/icons-material/AddToQueue';
import SettingsBackupRestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { useActionPermission } from '../../components/useActionPermission';
import { untilTaskEnds } from '../../components/taskFollower';
import { errorMessage } from '../../api/client';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider, Snapshot } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';

export function RestoreServerButton({ snapshot }: { snapshot: Snapshot }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const [open, setOpen] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const serverId = snapshot.server_id;
  if (serverId === null) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<SettingsBackupRestoreIcon />}
        disabled={snapshot.status !== 'available' || !permission.allowed || restoring}
        aria-label={translate('snapshots.restore_server.action_named', {
          name: snapshot.volume_name,
        })}
        onClick={() => setOpen(true)}
      >
        {translate('snapshots.restore_server.action')}
      </Button>
      <Button
        size="small"
        component={Link}
        to={`/cloud-server/create?snapshot=${snapshot.id}`}
        startIcon={<AddToQueueIcon />}
        aria-label={translate('snapshots.new_server.action_named', { name: snapshot.name })}
      >
        {translate('snapshots.new_server.action')}
      </Button>
      {open ? (
        <RestoreServerDialog
          snapshot={snapshot}
          serverId={serverId}
          onClose={() => setOpen(false)}
          onStarted={() => setRestoring(true)}
          onEnded={() => setRestoring(false)}
        />
      ) : null}
    </>
  );
}

function RestoreServerDialog(props: {
  snapshot: Snapshot;
  serverId: number;
  onClose: () => void;
  onStarted: () => void;
  onEnded: () => void;
}) {
  const { snapshot, serverId, onClose, onStarted, onEnded } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const serverName = snapshot.volume_name;
  const readAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['snapshot'] }),
      queryClient.invalidateQueries({ queryKey: ['cloud-server'] }),
    ]);
  const restore = useMutation({
    mutationFn: () => dataProvider.restoreServer(serverId, snapshot.id),
    onSuccess: async () => {
      onStarted();
      onClose();
      // Not awaited, and not tied to this list: the message comes wherever the customer is.
      void untilTaskEnds(
        () => dataProvider.getServerProgress(serverId),
        (progress) => progress.status === 'restoring',
      ).then(async (progress) => {
        onEnded();
        if (!progress) return;
        if (progress.status === 'error') {
          notify.info('snapshots.restore_server.ended_in_error', { name: serverName });
        } else {
          notify.success('snapshots.restore_server.done', {
            name: serverName,
            snapshot: snapshot.name,
          });
        }
        await readAgain();
      });
      await readAgain();
    },
  });
  return (
    <ConfirmByNameDialog
      open
      title={translate('snapshots.restore_server.title', { name: serverName })}
      name={serverName}
      prompt={translate('servers.confirm.type_name', { name: serverName })}
      confirmLabel={translate('snapshots.restore_server.action')}
      busy={restore.isPending}
      onClose={onClose}
      onConfirm={() => restore.mutate()}
    >
      <Typography variant="body2">
        {translate('snapshots.restore_server.text', {
          name: serverName,
          snapshot: snapshot.name,
          created: formatDateTime(snapshot.created),
        })}
      </Typography>
      <Alert severity="warning">{translate('snapshots.restore_server.warning')}</Alert>
      <Typography variant="body2" color="text.secondary">
        {translate('snapshots.restore_server.free')}
      </Typography>
      {restore.error ? (
        <Alert severity="error">
          {errorMessage(restore.error, translate, 'snapshots.restore_server.failed')}
        </Alert>
      ) : null}
    </ConfirmByNameDialog>
  );
}

/**
 * Delete the server, keeping its data volumes (detached, still billed) or
 * deleting them too; the choice, with the volumes' names, is offered only when some are attached
 * (the list the server page's volume section reads, so usually no new call). The dialog says what the unused rest of its paid period (its extra IPs
 * included) is worth and that it is not refunded. The customer types the server's name to
 * confirm; then the list shows it being deleted.
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { UnrefundedNote } from '../../components/UnrefundedNote';
import type { PortalDataProvider, Server, Volume } from '../../dataProvider/dataProvider';
import { useServerAction } from './useServerAction';
import { WaitNotice } from './WaitNotice';

export function DeleteServerDialog({ server, onClose }: { server: Server; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const [deleteVolumes, setDeleteVolumes] = useState(false);
  const attached = useGetList<Volume>('volume', {
    filter: { server_id: server.id },
    pagination: { page: 1, perPage: 100 },
    sort: { field: '', order: 'DESC' },
  });
  // While the list loads, or if it cannot, the choice stays: the server knows what is attached.
  const noneAttached = attached.data?.length === 0;
  const names = attached.data?.map((volume) => volume.name).join(', ');
  const remove = useServerAction({
    mutationFn: () => dataProvider.deleteServer(server.id, deleteVolumes),
    successKey: 'servers.actions.delete_started',
    successArgs: { name: server.name },
    onSuccess: () => {
      onClose();
      navigate('/cloud-server');
    },
    onResultUnknown: onClose,
  });
  return (
    <ConfirmByNameDialog
      open
      title={translate('servers.actions.delete_title', { name: server.name })}
      name={server.name}
      prompt={translate('servers.confirm.type_name', { name: server.name })}
      confirmLabel={translate('servers.actions.delete')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate()}
    >
      <Alert severity="error">{translate('servers.actions.delete_warning')}</Alert>
      <UnrefundedNote amount={server.unused_prepaid_amount} paidUntil={server.expiry} />
      {noneAttached ? null : (
        <FormControlLabel
          control={
            <Checkbox
              checked={deleteVolumes}
              onChange={(event) => setDeleteVolumes(event.target.checked)}
              disabled={remove.isPending}
            />
          }
          label={`${translate('servers.actions.delete_volumes')}${names ? `: ${names}` : ''}`}
        />
      )}
      <WaitNotice />
    </ConfirmByNameDialog>
  );
}

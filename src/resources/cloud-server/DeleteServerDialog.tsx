/**
 * Delete the server, keeping its data volumes (detached, still billed) or deleting them too
 * (offered only when some are attached: DeleteVolumesChoice). The dialog says what the unused
 * rest of its paid period (its extra IPs included) is worth and that it is not refunded. The
 * customer types the server's name to confirm; then the list shows it being deleted.
 */
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { UnrefundedNote } from '../../components/UnrefundedNote';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { DeleteVolumesChoice } from './DeleteVolumesChoice';
import { useServerAction } from './useServerAction';
import { WaitNotice } from './WaitNotice';

export function DeleteServerDialog({ server, onClose }: { server: Server; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const [deleteVolumes, setDeleteVolumes] = useState(false);
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
      <DeleteVolumesChoice
        serverIds={[server.id]}
        checked={deleteVolumes}
        onChange={setDeleteVolumes}
        disabled={remove.isPending}
      />
      <WaitNotice />
    </ConfirmByNameDialog>
  );
}

/**
 * Delete the server in the record context, keeping its data volumes (detached, still billed) or
 * deleting them too. The customer types the server's name to confirm; then the list shows it
 * being deleted.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { useServerAction } from './useServerAction';
import { WaitNotice } from './WaitNotice';

const NOT_DELETABLE = ['building', 'deleting'];

export function DeleteServerButton({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const [open, setOpen] = useState(false);
  if (!server || NOT_DELETABLE.includes(server.status)) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {translate('servers.actions.delete')}
      </Button>
      {open ? <DeleteDialog server={server} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DeleteDialog({ server, onClose }: { server: Server; onClose: () => void }) {
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
      <FormControlLabel
        control={
          <Checkbox
            checked={deleteVolumes}
            onChange={(event) => setDeleteVolumes(event.target.checked)}
            disabled={remove.isPending}
          />
        }
        label={translate('servers.actions.delete_volumes')}
      />
      <WaitNotice />
    </ConfirmByNameDialog>
  );
}

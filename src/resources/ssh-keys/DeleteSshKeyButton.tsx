/**
 * Deletes the key in the record context after the customer types its name. A key a server was
 * built with may still be deleted: the dialog says what that means. Deleting is destructive, so
 * the action-permission check applies (the button is disabled while actions are blocked, and the
 * API refuses with 403 as well).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider, SshKey } from '../../dataProvider/dataProvider';
import { SSH_KEYS_QUERY_ROOT } from './sshKeyQueries';

export function DeleteSshKeyButton({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const key = useRecordContext<SshKey>();
  const [open, setOpen] = useState(false);
  if (!key) return null;
  return (
    <>
      <IconButton
        color="error"
        aria-label={translate('ssh_keys.delete.button', { name: key.name })}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </IconButton>
      {open ? <DeleteDialog sshKey={key} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DeleteDialog({ sshKey, onClose }: { sshKey: SshKey; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const remove = useMutation({
    mutationFn: () => dataProvider.delete('ssh-keys', { id: sshKey.id, previousData: sshKey }),
    onSuccess: async () => {
      notify.success('ssh_keys.delete.done', { name: sshKey.name });
      onClose();
      await queryClient.invalidateQueries({ queryKey: SSH_KEYS_QUERY_ROOT });
    },
    onError: async (error) => {
      if (isLostAnswer(error)) notify.resultUnknown();
      else notify.error(error);
      onClose();
      // Whatever happened (a lost answer, a key already gone), the list shows what is there now.
      await queryClient.invalidateQueries({ queryKey: SSH_KEYS_QUERY_ROOT });
    },
  });
  return (
    <ConfirmByNameDialog
      open
      title={translate('ssh_keys.delete.title', { name: sshKey.name })}
      name={sshKey.name}
      prompt={translate('ssh_keys.delete.type_name', { name: sshKey.name })}
      confirmLabel={translate('ssh_keys.delete.confirm')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate()}
    >
      <Alert severity="warning">{translate('ssh_keys.delete.text')}</Alert>
    </ConfirmByNameDialog>
  );
}

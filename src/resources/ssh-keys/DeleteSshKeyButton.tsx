/**
 * Deletes the key in the record context after the customer types its name. A key a server was
 * built with may still be deleted: the dialog says what that means. Deleting is destructive, so
 * the action-permission check applies (the button is disabled while actions are blocked, and the
 * API refuses with 403 as well).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

import { DeleteByNameDialog } from '../../components/DeleteByNameDialog';
import type { SshKey } from '../../dataProvider/dataProvider';
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
  return (
    <DeleteByNameDialog
      resource="ssh-keys"
      record={sshKey}
      open
      onClose={onClose}
      messages={{
        title: 'ssh_keys.delete.title',
        prompt: 'ssh_keys.delete.type_name',
        confirm: 'ssh_keys.delete.confirm',
        done: 'ssh_keys.delete.done',
      }}
      alsoRefresh={[SSH_KEYS_QUERY_ROOT]}
    >
      <Alert severity="warning">{translate('ssh_keys.delete.text')}</Alert>
    </DeleteByNameDialog>
  );
}

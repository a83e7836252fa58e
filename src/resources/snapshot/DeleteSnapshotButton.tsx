/**
 * Delete a snapshot after typing its name. It is charged to the end of the month: the dialog says
 * what the unused rest of that is worth, which is not refunded.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { DeleteByNameDialog } from '../../components/DeleteByNameDialog';
import { snapshotPaidUntil, UnrefundedNote } from '../../components/UnrefundedNote';
import { useActionPermission } from '../../components/useActionPermission';
import type { Snapshot } from '../../dataProvider/dataProvider';

export function DeleteSnapshotButton({ snapshot }: { snapshot: Snapshot }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={snapshot.status !== 'available' || !permission.allowed}
        aria-label={translate('snapshots.delete.action_named', { name: snapshot.name })}
        onClick={() => setOpen(true)}
      >
        {translate('snapshots.delete.action')}
      </Button>
      <DeleteByNameDialog
        resource="snapshot"
        record={snapshot}
        open={open}
        onClose={() => setOpen(false)}
        messages={{
          title: 'snapshots.delete.title',
          prompt: 'snapshots.delete.prompt',
          confirm: 'snapshots.delete.action',
          done: 'snapshots.delete.deleted',
          failed: 'snapshots.delete.failed',
        }}
      >
        <Typography variant="body2">{translate('snapshots.delete.text')}</Typography>
        <UnrefundedNote amount={snapshot.unused_prepaid_amount} paidUntil={snapshotPaidUntil()} />
      </DeleteByNameDialog>
    </>
  );
}

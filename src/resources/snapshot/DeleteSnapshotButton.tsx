/**
 * Delete a snapshot after typing its name. It is charged to the end of the month: the dialog says
 * what the unused rest of that is worth, which is not refunded.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { snapshotPaidUntil, UnrefundedNote } from '../../components/UnrefundedNote';
import { useActionPermission } from '../../components/useActionPermission';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider, Snapshot } from '../../dataProvider/dataProvider';

export function DeleteSnapshotButton({ snapshot }: { snapshot: Snapshot }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const [open, setOpen] = useState(false);

  const remove = useMutation({
    mutationFn: () => dataProvider.delete('snapshot', { id: snapshot.id, previousData: snapshot }),
    onSuccess: async () => {
      notify.success('snapshots.delete.deleted', { name: snapshot.name });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['snapshot'] });
    },
    onError: (error) => notify.error(error, 'snapshots.delete.failed'),
  });

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
      <ConfirmByNameDialog
        open={open}
        title={translate('snapshots.delete.title', { name: snapshot.name })}
        name={snapshot.name}
        prompt={translate('snapshots.delete.prompt', { name: snapshot.name })}
        confirmLabel={translate('snapshots.delete.action')}
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate()}
      >
        <Typography variant="body2">{translate('snapshots.delete.text')}</Typography>
        <UnrefundedNote amount={snapshot.unused_prepaid_amount} paidUntil={snapshotPaidUntil()} />
      </ConfirmByNameDialog>
    </>
  );
}

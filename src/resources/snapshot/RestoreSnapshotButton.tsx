/**
 * Restore a snapshot into a new volume (the reading of "restore"): the customer names the
 * volume; it has the snapshot's size and type and is priced and charged at once as a new volume
 * is, from the `DISK SSD`/`DISK HDD` product. The snapshot is kept. Once charged, the dialog says
 * so and links to the new volume (issue 19); a failure is told once, in the dialog: a name that is
 * taken under the name field, anything else above the buttons (no toast as well).
 */
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { errorMessage, errorStatus, fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { useActionPermission } from '../../components/useActionPermission';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider, Snapshot } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { validateResourceName } from '../../domain/recordValidation';
import { VOLUME_PRODUCT_NAMES } from '../../domain/volumeRules';
import { PriceCard, priceNow, useProductPrice } from './snapshotPricing';

export function RestoreSnapshotButton({ snapshot }: { snapshot: Snapshot }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<RestoreIcon />}
        disabled={snapshot.status !== 'available' || !permission.allowed}
        aria-label={translate('snapshots.restore.action_named', { name: snapshot.name })}
        onClick={() => setOpen(true)}
      >
        {translate('snapshots.restore.action')}
      </Button>
      {open ? <RestoreDialog snapshot={snapshot} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RestoreDialog({ snapshot, onClose }: { snapshot: Snapshot; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<{
    status?: number;
    message?: string;
    nameError?: string;
  }>();
  const [restored, setRestored] = useState<{ id: number; name: string }>();
  const productName = VOLUME_PRODUCT_NAMES[snapshot.type];
  const product = useProductPrice(productName);
  const total = product.data ? priceNow(product.data, snapshot.size).total : undefined;
  const nameProblem = validateResourceName(name);

  const restore = useMutation({
    mutationFn: () => dataProvider.restoreSnapshot(snapshot.id, { name }),
    onSuccess: async (charge) => {
      setRestored({ id: charge.volume.id, name: charge.volume.name });
      await Promise.all([
        refreshIdentity(),
        queryClient.invalidateQueries({ queryKey: ['snapshot'] }),
        queryClient.invalidateQueries({ queryKey: ['volume'] }),
      ]);
    },
    onError: (error) => {
      setFailure({
        status: errorStatus(error),
        message: errorMessage(error, translate, 'snapshots.restore.failed'),
        nameError: fieldErrors(error).name,
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameProblem || restore.isPending) return;
    setFailure(undefined);
    restore.mutate();
  };

  return (
    <Dialog
      open
      onClose={restore.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {translate('snapshots.restore.title', { name: snapshot.name })}
      </DialogTitle>
      {restored ? (
        <>
          <DialogContent>
            <Alert severity="success">
              {translate('snapshots.restore.restored', {
                name: snapshot.name,
                volume: restored.name,
              })}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
            <Button
              variant="contained"
              component={Link}
              to={`/volume/${restored.id}/detail`}
              onClick={onClose}
            >
              {translate('snapshots.restore.open_volume', { name: restored.name })}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2">
                {translate('snapshots.restore.text', { size: snapshot.size, type: snapshot.type })}
              </Typography>
              <TextField
                required
                label={translate('snapshots.restore.name')}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  if (failure?.nameError) setFailure(undefined);
                }}
                error={(submitted && Boolean(nameProblem)) || Boolean(failure?.nameError)}
                helperText={
                  submitted && nameProblem
                    ? translate(nameProblem)
                    : (failure?.nameError ?? translate('snapshots.create.name_help'))
                }
                autoComplete="off"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
              />
              <PriceCard
                productName={productName}
                size={snapshot.size}
                pendingKey="snapshots.create.price_pending"
                failedKey="snapshots.create.price_failed"
                shortOfBalance={failure?.status === 402}
              />
              {failure?.message && failure.status !== 402 && !failure.nameError ? (
                <Alert severity="error">{failure.message}</Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={restore.isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <BusyButton
              type="submit"
              variant="contained"
              busy={restore.isPending}
              disabled={product.isFetching}
            >
              {total === undefined
                ? translate('snapshots.restore.action')
                : translate('snapshots.restore.submit', { amount: formatVnd(total) })}
            </BusyButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

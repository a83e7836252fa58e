/**
 * What can be done to a volume, each behind its own dialog: attach it to a server of its
 * datacenter (only while detached: one server at a time), detach it, extend it (never shrink; the
 * growth priced to the end of its paid period with the shared `quoteUntil`, charged at once, a
 * short balance led to a top-up) and delete it (only while detached; type the name to confirm;
 * the dialog says what the unused rest of its paid period is worth, which is not refunded).
 */
import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useDataProvider, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { serverNow } from '../../api/serverClock';
import { BusyButton } from '../../components/BusyButton';
import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import { UnrefundedNote } from '../../components/UnrefundedNote';
import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { validateVolumeExtend, VOLUME_SIZE } from '../../domain/volumeRules';
import { extensionQuote, VOLUME_RESOURCE, type Volume } from './volumeModel';
import { useDiskProducts } from './VolumePriceSummary';
import { useVolumeAction } from './useVolumeAction';

type Dialogs = 'attach' | 'detach' | 'extend' | 'delete' | null;

export function VolumeActions({ volume, disabled }: { volume: Volume; disabled: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<Dialogs>(null);
  const close = () => setOpen(null);
  const idle = volume.status === 'available' || volume.status === 'in_use';
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label={translate('volumes.detail.actions')}
      >
        {volume.status === 'available' ? (
          <Button
            variant="outlined"
            startIcon={<AddLinkIcon />}
            disabled={disabled}
            onClick={() => setOpen('attach')}
          >
            {translate('volumes.actions.attach')}
          </Button>
        ) : null}
        {volume.status === 'in_use' ? (
          <Button
            variant="outlined"
            startIcon={<LinkOffIcon />}
            disabled={disabled}
            onClick={() => setOpen('detach')}
          >
            {translate('volumes.actions.detach')}
          </Button>
        ) : null}
        {idle ? (
          <Button
            variant="outlined"
            startIcon={<OpenInFullIcon />}
            disabled={disabled}
            onClick={() => setOpen('extend')}
          >
            {translate('volumes.actions.extend')}
          </Button>
        ) : null}
        {idle ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={disabled || volume.status !== 'available'}
            onClick={() => setOpen('delete')}
          >
            {translate('volumes.actions.delete')}
          </Button>
        ) : null}
      </Stack>
      {volume.status === 'in_use' ? (
        <Typography variant="caption" color="text.secondary">
          {translate('volumes.actions.delete_detach_first')}
        </Typography>
      ) : null}
      {open === 'attach' ? <AttachDialog volume={volume} onClose={close} /> : null}
      {open === 'detach' ? <DetachDialog volume={volume} onClose={close} /> : null}
      {open === 'extend' ? <ExtendDialog volume={volume} onClose={close} /> : null}
      {open === 'delete' ? <DeleteDialog volume={volume} onClose={close} /> : null}
    </>
  );
}

/** A dialog whose form confirms one action; the confirm button spins while the call runs. */
function ActionDialog(props: {
  title: string;
  confirmLabel: string;
  ready: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.ready && !props.busy) props.onConfirm();
  };
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2}>{props.children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {translate('ra.action.cancel')}
          </Button>
          <BusyButton type="submit" variant="contained" busy={props.busy} disabled={!props.ready}>
            {props.confirmLabel}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const ALL_SERVERS = {
  pagination: { page: 1, perPage: 9999 },
  sort: { field: '', order: 'DESC' as const },
};

function AttachDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const servers = useGetList<Server>('cloud-server', ALL_SERVERS);
  const candidates = (servers.data ?? []).filter(
    (server) =>
      server.datacenter === volume.datacenter && ['active', 'shutoff'].includes(server.status),
  );
  const [serverId, setServerId] = useState<number | ''>('');
  const chosen = candidates.find((server) => server.id === serverId);
  const attach = useVolumeAction({
    mutationFn: () => dataProvider.attachVolume(volume.id, { server_id: Number(serverId) }),
    successKey: 'volumes.actions.attached',
    untilDone: { volumeId: volume.id, startedKey: 'volumes.actions.attaching' },
    successArgs: () => ({ name: volume.name, server: chosen?.name ?? '' }),
    onSuccess: onClose,
    onResultUnknown: onClose,
  });
  return (
    <ActionDialog
      title={translate('volumes.actions.attach_title', { name: volume.name })}
      confirmLabel={translate('volumes.actions.attach')}
      ready={chosen !== undefined}
      busy={attach.isPending}
      onConfirm={() => attach.mutate()}
      onClose={onClose}
    >
      {servers.isPending ? (
        <Typography>{translate('ra.page.loading')}</Typography>
      ) : servers.isError ? (
        <Alert severity="error">{translate('volumes.create.load_failed')}</Alert>
      ) : candidates.length === 0 ? (
        <Alert severity="info">{translate('volumes.actions.no_attachable')}</Alert>
      ) : (
        <TextField
          select
          label={translate('volumes.actions.attach_server')}
          value={serverId}
          onChange={(event) => setServerId(Number(event.target.value))}
          helperText={translate('volumes.actions.attach_help', {
            datacenter: volume.datacenter,
          })}
          fullWidth
        >
          {candidates.map((server) => (
            <MenuItem key={server.id} value={server.id}>
              {server.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ActionDialog>
  );
}

function DetachDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const detach = useVolumeAction({
    mutationFn: () => dataProvider.detachVolume(volume.id),
    successKey: 'volumes.actions.detached',
    untilDone: { volumeId: volume.id, startedKey: 'volumes.actions.detaching' },
    successArgs: () => ({ name: volume.name }),
    onSuccess: onClose,
    onResultUnknown: onClose,
  });
  return (
    <ActionDialog
      title={translate('volumes.actions.detach_title', {
        name: volume.name,
        server: volume.server_name ?? '',
      })}
      confirmLabel={translate('volumes.actions.detach')}
      ready
      busy={detach.isPending}
      onConfirm={() => detach.mutate()}
      onClose={onClose}
    >
      <Alert severity="warning">{translate('volumes.actions.detach_text')}</Alert>
    </ActionDialog>
  );
}

function ExtendDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const products = useDiskProducts();
  const { identity } = useGetIdentity();
  const location = useLocation();
  const [text, setText] = useState(String(Math.min(volume.size + 10, VOLUME_SIZE.max)));
  const [shortOfBalance, setShortOfBalance] = useState(false);
  const size = /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
  const problem = validateVolumeExtend(volume.size, size);
  const product = products.data?.[volume.type];
  const priced =
    !problem && product && size !== undefined
      ? extensionQuote(product, volume, size, serverNow())
      : undefined;

  const extend = useVolumeAction({
    mutationFn: () => {
      // The confirm button is enabled only once a valid size is chosen.
      if (size === undefined) throw new Error('No size was chosen');
      return dataProvider.extendVolume(volume.id, { size });
    },
    successKey: 'volumes.actions.extended',
    untilDone: { volumeId: volume.id, startedKey: 'volumes.actions.extending' },
    successArgs: (charge) => ({ name: volume.name, size: charge?.volume.size ?? size }),
    onSuccess: onClose,
    onError: (error) => setShortOfBalance(errorStatus(error) === 402),
    onResultUnknown: onClose,
  });

  const balance = typeof identity?.balance === 'number' ? identity.balance : undefined;
  const shortfall =
    priced && balance !== undefined ? Math.max(0, priced.total - balance) : undefined;
  const showTopUp = (shortfall !== undefined && shortfall > 0) || shortOfBalance;

  return (
    <ActionDialog
      title={translate('volumes.actions.extend_title', { name: volume.name })}
      confirmLabel={translate('volumes.actions.extend')}
      ready={priced !== undefined && !products.isFetching && !showTopUp}
      busy={extend.isPending}
      onConfirm={() => extend.mutate()}
      onClose={onClose}
    >
      <Typography variant="body2">
        {translate('volumes.actions.extend_current', { size: volume.size, type: volume.type })}
      </Typography>
      <TextField
        type="number"
        label={translate('volumes.actions.extend_size')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== undefined}
        helperText={problem ? translate(problem) : ' '}
        slotProps={{ htmlInput: { min: volume.size + 1, max: VOLUME_SIZE.max, step: 10 } }}
        fullWidth
      />
      {products.isError ? (
        <Alert severity="warning">{translate('volumes.price.unavailable')}</Alert>
      ) : priced && size !== undefined ? (
        <Alert severity="info">
          <FirstPaymentNote
            payment={{
              amount: priced.total,
              start: priced.period_start,
              end: priced.period_end,
              monthly: (size - volume.size) * (product?.price ?? 0),
              change: true,
            }}
          />
          <Typography variant="body2">{translate('first_payment.charged_now')}</Typography>
        </Alert>
      ) : null}
      {showTopUp ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={topUpPath(shortfall ?? priced?.total ?? 0)}
              onClick={() => rememberTopUpReturn(location.pathname + location.search)}
            >
              {translate('orders.top_up')}
            </Button>
          }
        >
          {translate('orders.short_balance', { amount: formatVnd(shortfall ?? 0) })}
        </Alert>
      ) : null}
    </ActionDialog>
  );
}

function DeleteDialog({ volume, onClose }: { volume: Volume; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const remove = useVolumeAction({
    mutationFn: () => dataProvider.delete(VOLUME_RESOURCE, { id: volume.id, previousData: volume }),
    successKey: 'volumes.actions.deleted',
    successArgs: () => ({ name: volume.name }),
    onSuccess: () => {
      onClose();
      navigate('/volume');
    },
    onResultUnknown: onClose,
  });
  return (
    <ConfirmByNameDialog
      open
      title={translate('volumes.actions.delete_title', { name: volume.name })}
      name={volume.name}
      prompt={translate('volumes.actions.type_name', { name: volume.name })}
      confirmLabel={translate('volumes.actions.delete')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate()}
    >
      <Alert severity="warning">{translate('volumes.actions.delete_text')}</Alert>
      <UnrefundedNote amount={volume.unused_prepaid_amount} paidUntil={volume.expiry} />
    </ConfirmByNameDialog>
  );
}

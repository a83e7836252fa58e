/**
 * Power on, power off, soft and hard reboot, and the administrator password reset of the server in
 * the record context. Each button renders nothing when its action does not apply to the server's
 * status. Powering off and the hard reboot cut the server short, so they ask for its name.
 */
import LockResetIcon from '@mui/icons-material/LockReset';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import type {
  PortalDataProvider,
  Server,
  ServerPowerAction,
} from '../../dataProvider/dataProvider';
import { validateServerPassword } from '../../domain/serverRules';
import { useServerAction } from './useServerAction';
import { ServerPasswordField } from './ServerPasswordField';

interface ActionButtonProps {
  /** True while the account may not act (spec §5). */
  disabled: boolean;
}

function usePowerAction(
  server: Server | undefined,
  action: ServerPowerAction,
  onResultUnknown?: () => void,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useServerAction({
    mutationFn: () => dataProvider.performServerAction(server?.id ?? 0, action),
    successKey: `servers.actions.${action}_started`,
    successArgs: { name: server?.name },
    onResultUnknown,
  });
}

export function PowerOnButton({ disabled }: ActionButtonProps) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const powerOn = usePowerAction(server, 'power_on');
  if (!server || server.status !== 'shutoff') return null;
  return (
    <BusyButton
      variant="outlined"
      startIcon={<PlayArrowIcon />}
      busy={powerOn.isPending}
      disabled={disabled}
      onClick={() => powerOn.mutateAsync()}
    >
      {translate('servers.actions.power_on')}
    </BusyButton>
  );
}

export function PowerOffButton({ disabled }: ActionButtonProps) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const [open, setOpen] = useState(false);
  const powerOff = usePowerAction(server, 'power_off', () => setOpen(false));
  if (!server || server.status !== 'active') return null;
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<PowerSettingsNewIcon />}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {translate('servers.actions.power_off')}
      </Button>
      <ConfirmByNameDialog
        open={open}
        title={translate('servers.actions.power_off_title', { name: server.name })}
        name={server.name}
        prompt={translate('servers.confirm.type_name', { name: server.name })}
        confirmLabel={translate('servers.actions.power_off')}
        busy={powerOff.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => powerOff.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <Alert severity="warning">{translate('servers.actions.power_off_warning')}</Alert>
      </ConfirmByNameDialog>
    </>
  );
}

/** Soft reboot asks once; hard reboot, which cuts the power, asks for the name. */
export function RebootButtons({ disabled }: ActionButtonProps) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const [dialog, setDialog] = useState<'soft' | 'hard' | null>(null);
  const softReboot = usePowerAction(server, 'soft_reboot', () => setDialog(null));
  const hardReboot = usePowerAction(server, 'hard_reboot', () => setDialog(null));
  const softTitleId = useId();
  if (!server || server.status !== 'active') return null;
  const close = () => setDialog(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<RestartAltIcon />}
        disabled={disabled}
        onClick={() => setDialog('soft')}
      >
        {translate('servers.actions.soft_reboot')}
      </Button>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<RestartAltIcon />}
        disabled={disabled}
        onClick={() => setDialog('hard')}
      >
        {translate('servers.actions.hard_reboot')}
      </Button>
      <Dialog
        open={dialog === 'soft'}
        onClose={softReboot.isPending ? undefined : close}
        aria-labelledby={softTitleId}
      >
        <DialogTitle id={softTitleId}>
          {translate('servers.actions.soft_reboot_title', { name: server.name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('servers.actions.soft_reboot_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={softReboot.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <BusyButton
            variant="contained"
            busy={softReboot.isPending}
            onClick={() => softReboot.mutateAsync().then(close)}
          >
            {translate('servers.actions.soft_reboot')}
          </BusyButton>
        </DialogActions>
      </Dialog>
      <ConfirmByNameDialog
        open={dialog === 'hard'}
        title={translate('servers.actions.hard_reboot_title', { name: server.name })}
        name={server.name}
        prompt={translate('servers.confirm.type_name', { name: server.name })}
        confirmLabel={translate('servers.actions.hard_reboot')}
        busy={hardReboot.isPending}
        onClose={close}
        onConfirm={() => hardReboot.mutate(undefined, { onSuccess: close })}
      >
        <Alert severity="warning">{translate('servers.actions.hard_reboot_warning')}</Alert>
      </ConfirmByNameDialog>
    </>
  );
}

/** A new root password: generated and e-mailed, or one the customer types. */
export function ResetPasswordButton({ disabled }: ActionButtonProps) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'generate' | 'custom'>('generate');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const reset = useServerAction({
    mutationFn: (newPassword: string | undefined) =>
      dataProvider.resetServerPassword(server?.id ?? 0, newPassword),
    successKey: 'servers.actions.reset_password_done',
    onSuccess: () => setOpen(false),
    onResultUnknown: () => setOpen(false),
  });
  if (!server || server.status !== 'active') return null;

  const passwordError = mode === 'custom' ? validateServerPassword(password) : undefined;
  const openDialog = () => {
    setMode('generate');
    setPassword('');
    setOpen(true);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LockResetIcon />}
        disabled={disabled}
        onClick={openDialog}
      >
        {translate('servers.actions.reset_password')}
      </Button>
      <Dialog
        open={open}
        onClose={reset.isPending ? undefined : () => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>
          {translate('servers.actions.reset_password_title', { name: server.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <RadioGroup
              value={mode}
              onChange={(event) => setMode(event.target.value as 'generate' | 'custom')}
              aria-label={translate('servers.actions.reset_password')}
            >
              <FormControlLabel
                value="generate"
                control={<Radio />}
                label={translate('servers.actions.reset_password_generate')}
              />
              <FormControlLabel
                value="custom"
                control={<Radio />}
                label={translate('servers.actions.reset_password_custom')}
              />
            </RadioGroup>
            {mode === 'custom' ? (
              <ServerPasswordField value={password} onChange={setPassword} />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={reset.isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <BusyButton
            variant="contained"
            busy={reset.isPending}
            disabled={passwordError !== undefined}
            onClick={() => reset.mutateAsync(mode === 'custom' ? password : undefined)}
          >
            {translate('servers.actions.reset_password')}
          </BusyButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

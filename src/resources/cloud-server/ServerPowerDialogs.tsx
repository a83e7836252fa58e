/**
 * Power on, power off, soft and hard reboot, and the administrator password reset of a server
 * (ServerActions decides which apply and opens them). The hard reboot cuts the power under a
 * running system, so it asks for the server's name; powering off and a soft reboot ask once.
 * A power change the server reports only seconds later is shown at once as its transition
 * ("Đang tắt", see serverWatch).
 */
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
import { useDataProvider, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { AskOnceDialog } from '../../components/AskOnceDialog';
import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import type {
  PortalDataProvider,
  Server,
  ServerPowerAction,
} from '../../dataProvider/dataProvider';
import { validateServerPassword } from '../../domain/serverRules';
import type { ExpectedChange } from './serverWatch';
import { useServerAction } from './useServerAction';
import { ServerPasswordField } from './ServerPasswordField';

interface ServerDialogProps {
  server: Server;
  onClose: () => void;
}

const SHOWN_AT_ONCE: Partial<Record<ServerPowerAction, ExpectedChange['transition']>> = {
  power_on: 'powering_on',
  power_off: 'powering_off',
};

export function usePowerAction(
  server: Server,
  action: ServerPowerAction,
  onResultUnknown?: () => void,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const transition = SHOWN_AT_ONCE[action];
  return useServerAction({
    mutationFn: () => dataProvider.performServerAction(server.id, action),
    successKey: `servers.actions.${action}_started`,
    successArgs: { name: server.name },
    onResultUnknown,
    expect: transition ? { transition, from: server.status } : undefined,
  });
}

/**
 * Powering off asks once, with its warning: nothing is lost that a power-on does not bring back.
 * The typed name is kept for what cannot be undone (hard reboot, rebuild, delete).
 */
export function PowerOffDialog({ server, onClose }: ServerDialogProps) {
  const translate = useTranslate();
  const powerOff = usePowerAction(server, 'power_off', onClose);
  return (
    <AskOnceDialog
      title={translate('servers.actions.power_off_title', { name: server.name })}
      confirmLabel={translate('servers.actions.power_off')}
      busy={powerOff.isPending}
      onClose={onClose}
      onConfirm={() => powerOff.mutateAsync().then(onClose)}
    >
      <Alert severity="warning">{translate('servers.actions.power_off_warning')}</Alert>
    </AskOnceDialog>
  );
}

/** Soft reboot asks once. */
export function SoftRebootDialog({ server, onClose }: ServerDialogProps) {
  const translate = useTranslate();
  const softReboot = usePowerAction(server, 'soft_reboot', onClose);
  return (
    <AskOnceDialog
      title={translate('servers.actions.soft_reboot_title', { name: server.name })}
      confirmLabel={translate('servers.actions.soft_reboot')}
      busy={softReboot.isPending}
      onClose={onClose}
      onConfirm={() => softReboot.mutateAsync().then(onClose)}
    >
      <DialogContentText>{translate('servers.actions.soft_reboot_text')}</DialogContentText>
    </AskOnceDialog>
  );
}

/** Hard reboot cuts the power, so it asks for the name. */
export function HardRebootDialog({ server, onClose }: ServerDialogProps) {
  const translate = useTranslate();
  const hardReboot = usePowerAction(server, 'hard_reboot', onClose);
  return (
    <ConfirmByNameDialog
      open
      title={translate('servers.actions.hard_reboot_title', { name: server.name })}
      name={server.name}
      prompt={translate('servers.confirm.type_name', { name: server.name })}
      confirmLabel={translate('servers.actions.hard_reboot')}
      busy={hardReboot.isPending}
      onClose={onClose}
      onConfirm={() => hardReboot.mutate(undefined, { onSuccess: onClose })}
    >
      <Alert severity="warning">{translate('servers.actions.hard_reboot_warning')}</Alert>
    </ConfirmByNameDialog>
  );
}

/** A new root password: generated and e-mailed, or one the customer types. */
export function ResetPasswordDialog({ server, onClose }: ServerDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [mode, setMode] = useState<'generate' | 'custom'>('generate');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const reset = useServerAction({
    mutationFn: (newPassword: string | undefined) =>
      dataProvider.resetServerPassword(server.id, newPassword),
    successKey: 'servers.actions.reset_password_done',
    onSuccess: onClose,
    onResultUnknown: onClose,
  });
  const passwordError = mode === 'custom' ? validateServerPassword(password) : undefined;

  return (
    <Dialog
      open
      onClose={reset.isPending ? undefined : onClose}
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
        <Button onClick={onClose} disabled={reset.isPending}>
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
  );
}

/**
 * A confirmation asked once, for what a customer can undo (power off, a soft reboot, the same on
 * several servers): Cancel and the action, which spins while it runs. What cannot be undone asks
 * for the typed name instead (ConfirmByNameDialog).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { BusyButton } from './BusyButton';

export function AskOnceDialog(props: {
  title: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** When nothing can be done (e.g. none of the chosen servers applies). */
  confirmDisabled?: boolean;
  /** Wider, for a dialog that lists things. */
  wide?: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      {...(props.wide && { maxWidth: 'sm', fullWidth: true })}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {translate('ra.action.cancel')}
        </Button>
        <BusyButton
          variant="contained"
          busy={props.busy}
          disabled={props.confirmDisabled}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

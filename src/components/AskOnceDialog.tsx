/**
 * A confirmation asked once: power off, a soft reboot, the same on several servers, signing a
 * device out, revoking a token. Cancel and the action's own name, which spins while its promise
 * runs; `danger` paints it red for what ends something. What destroys data asks for the typed
 * name instead (ConfirmByNameDialog).
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
  /** The action ends something (a session, a token): its button is red. */
  danger?: boolean;
  /** Kept mounted and closed, so that it closes with MUI's transition; open by default. */
  open?: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={props.open ?? true}
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
          color={props.danger ? 'error' : 'primary'}
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

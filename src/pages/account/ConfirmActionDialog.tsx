/**
 * A yes/no question before an action that cannot be undone from here (signing a device out,
 * revoking a token): the question, what follows, Cancel and the action's own name on its button.
 * The action's promise keeps the dialog open, its button spinning, until it settles.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

import { BusyButton } from '../../components/BusyButton';

interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{props.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {props.cancelLabel}
        </Button>
        <BusyButton color="error" variant="contained" busy={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before an order awaiting payment is cancelled (the order page and the Orders tab). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';

export function CancelOrderDialog(props: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{translate('orders.cancel_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('orders.cancel_text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {translate('orders.keep')}
        </Button>
        <BusyButton variant="contained" color="error" busy={props.busy} onClick={props.onConfirm}>
          {translate('orders.cancel')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

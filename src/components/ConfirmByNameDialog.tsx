/**
 * The one type-to-confirm dialog for destructive actions (delete, rebuild, resize, power off):
 * the confirm button stays disabled until the customer types the resource's exact name. Extra
 * fields (an image, a password, a size) go in `children`, and `ready` says whether they are valid.
 * While the call runs the button shows a spinner, and a second press does nothing.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ConfirmByNameDialogProps {
  open: boolean;
  title: string;
  /** The name the customer must type, exactly. */
  name: string;
  /** The label of the name field, which should quote the name. */
  prompt: string;
  confirmLabel: string;
  /** What happens, warnings, and any extra fields of the action. */
  children?: ReactNode;
  /** Whether the extra fields are valid; the name must match as well. */
  ready?: boolean;
  /** True while the action's call runs. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmByNameDialog(props: ConfirmByNameDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        <TitleKeepingName title={props.title} name={props.name} />
      </DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty name field. */}
      {props.open ? <ConfirmContent {...props} /> : null}
    </Dialog>
  );
}

/** Names up to this long fit on one line of a dialog title at 375 px. */
const UNBROKEN_NAME_MAX = 24;

/**
 * The title with the resource's name kept in one piece: a line break inside "web-01" (after its
 * hyphen) made it read as two names. A name that fits on a line moves to the next line whole;
 * a longer one still wraps. The name stays an inline element, so the title reads as one sentence.
 */
function TitleKeepingName({ title, name }: { title: string; name: string }) {
  const at = name && name.length <= UNBROKEN_NAME_MAX ? title.lastIndexOf(name) : -1;
  if (at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      {/* display: inline said outright, so that jsdom also reads the title as one sentence. */}
      <span data-testid="dialog-title-name" style={{ display: 'inline', whiteSpace: 'nowrap' }}>
        {name}
      </span>
      {title.slice(at + name.length)}
    </>
  );
}

function ConfirmContent({
  name,
  prompt,
  confirmLabel,
  children,
  ready = true,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmByNameDialogProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const nameFieldId = useId();
  // Set on the first press and cleared once the call has ended, so one press is one call.
  const pressed = useRef(false);
  useEffect(() => {
    if (!busy) pressed.current = false;
  }, [busy]);

  const matches = typed === name;
  const canConfirm = matches && ready && !busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canConfirm || pressed.current) return;
    pressed.current = true;
    onConfirm();
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2}>
          {children}
          {/* The prompt quotes the name, so it can be long: written above the field, where it
              wraps on a phone, not as the field's one-line floating label. */}
          <Stack spacing={0.5}>
            <Typography component="label" htmlFor={nameFieldId} variant="body2">
              {prompt}
            </Typography>
            <TextField
              id={nameFieldId}
              hiddenLabel
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              disabled={busy}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={!canConfirm}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

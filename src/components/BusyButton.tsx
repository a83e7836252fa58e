/**
 * A button for an action that calls the API (spec §4: "Buttons are disabled with a spinner while a
 * call runs; double submit is blocked"). `onClick` may return the call's promise: until it
 * settles, further presses are ignored, even those that come before the spinner is drawn.
 */
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef } from 'react';

type BusyButtonProps = Omit<ButtonProps, 'onClick'> & {
  busy: boolean;
  onClick?: () => unknown;
};

export function BusyButton({ busy, disabled, startIcon, onClick, ...props }: BusyButtonProps) {
  const running = useRef(false);
  const press = () => {
    if (running.current || busy) return;
    const result = onClick?.();
    if (result instanceof Promise) {
      running.current = true;
      // The caller reports failures itself (onError); here they only end the wait.
      result
        .catch(() => undefined)
        .finally(() => {
          running.current = false;
        });
    }
  };
  return (
    <Button
      {...props}
      onClick={onClick ? press : undefined}
      disabled={disabled || busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : startIcon}
    />
  );
}

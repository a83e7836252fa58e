/**
 * What a screen shows when its data could not be loaded: why (in words a customer can read: no
 * connection, or the server's message) and a Retry. Loading, empty and failed are three different
 * states; a failed load is never shown as "nothing found".
 */
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';

import { errorMessage } from '../api/client';
import { BusyButton } from './BusyButton';

export function LoadFailed(props: {
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  /** What to say when neither the network nor the server explains the failure. */
  fallbackKey?: string;
}) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ width: '100%', boxSizing: 'border-box' }}
      action={
        <BusyButton
          color="inherit"
          size="small"
          busy={props.retrying ?? false}
          onClick={props.onRetry}
        >
          {translate('app.action.retry')}
        </BusyButton>
      }
    >
      {errorMessage(
        props.error,
        (key) => translate(key),
        props.fallbackKey ?? 'app.error.load_failed',
      )}
    </Alert>
  );
}

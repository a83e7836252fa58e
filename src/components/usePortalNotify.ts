/**
 * Notifications as the spec wants them (§8, §9): 3 seconds; success messages from the message
 * files; errors carry the server's own `message` when it sent one, "cannot reach our service" when
 * no answer came, the generic sentence otherwise.
 */
import { useNotify, useTranslate } from 'react-admin';

import { errorMessage, serverMessage } from '../api/client';
import { NOTIFICATION_MS } from '../domain/constants';

export function usePortalNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const show = (type: 'success' | 'info' | 'warning' | 'error', text: string) =>
    notify(text, { type, messageArgs: { _: text }, autoHideDuration: NOTIFICATION_MS });
  return {
    success: (key: string, args?: Record<string, unknown>) => show('success', translate(key, args)),
    info: (key: string, args?: Record<string, unknown>) => show('info', translate(key, args)),
    /** The server's message for this failure, or the message of `fallbackKey`. */
    error: (error: unknown, fallbackKey = 'app.error.generic') =>
      show(
        'error',
        errorMessage(error, (key) => translate(key), fallbackKey),
      ),
    /** An action whose answer was lost: it may have happened, so never "please try again". */
    resultUnknown: () => show('warning', translate('app.error.result_unknown')),
  };
}

/** The server's message in an error, when there is one worth showing to the customer. */
export const errorText = serverMessage;

/**
 * What a form shows when its submit was refused or its answer lost: the server's field errors on
 * their fields, and otherwise one message above the button — "the result is unknown" for a lost
 * answer (never "try again", lostAnswer.ts), the server's own message, or a generic one.
 */
import { errorMessage, fieldErrors } from '../api/client';
import { isLostAnswer } from './lostAnswer';

export interface SubmitFailure {
  fields: Record<string, string>;
  message: string | undefined;
}

export function submitFailure(error: unknown, translate: (key: string) => string): SubmitFailure {
  if (isLostAnswer(error)) return { fields: {}, message: translate('app.error.result_unknown') };
  const fields = fieldErrors(error);
  if (Object.keys(fields).length) return { fields, message: undefined };
  return { fields, message: errorMessage(error, translate) };
}

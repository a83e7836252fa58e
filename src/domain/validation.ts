/**
 * Validators of the account's fields, shared by the portal's forms and the sandbox API. The public
 * pages (sign-in, registration) check these; the signed-in portal's own fields are in
 * recordValidation.ts, so that the login page's code does not carry them.
 * Each returns undefined when the value is acceptable, otherwise the i18n key of the message
 * (see src/i18n/vi.ts), so both sides show the same words.
 */
import { FULLNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

export type ValidationMessage = string | undefined;

/**
 * Lengths as JSON Schema counts them (the contract's minLength / maxLength): in characters, so an
 * emoji counts once, where String.length would count its two UTF-16 halves.
 */
const characterCount = (text: string): number => [...text].length;

/**
 * Whether `text` shows anything: spaces and invisible format characters alone (a zero-width
 * space, a joiner, a byte-order mark, a soft hyphen: Unicode's Cf) leave a required field empty.
 */
export function hasVisibleText(text: string): boolean {
  return text.replace(/[\s\p{Cf}]+/gu, '') !== '';
}

const EMAIL_MAX_LENGTH = 254;
// The contract's `format: email`: dot-separated atoms, an @, and two or more host labels of
// letters, digits and inner dashes. Unicode addresses are refused on both sides.
const EMAIL_LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const EMAIL_HOST_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

function isEmailAddress(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', host = ''] = parts;
  const labels = host.split('.');
  return (
    local.split('.').every((atom) => EMAIL_LOCAL_ATOM.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => EMAIL_HOST_LABEL.test(label))
  );
}

/** Checks the address as the forms send it: trimmed. */
export function validateEmail(value: string | undefined): ValidationMessage {
  const email = (value ?? '').trim();
  if (!email) return 'validation.email_required';
  if (!isEmailAddress(email) || email.length > EMAIL_MAX_LENGTH) return 'validation.email_invalid';
  return undefined;
}

export function validateLoginPassword(value: string | undefined): ValidationMessage {
  return value ? undefined : 'validation.password_required';
}

export function validateNewPassword(value: string | undefined): ValidationMessage {
  if (!value) return 'validation.password_required';
  if (characterCount(value) < PASSWORD_MIN_LENGTH) return 'validation.password_too_short';
  if (characterCount(value) > PASSWORD_MAX_LENGTH) return 'validation.password_too_long';
  return undefined;
}

export function validatePasswordConfirmation(
  confirmation: string | undefined,
  password: string | undefined,
): ValidationMessage {
  if (!confirmation) return 'validation.password_confirmation_required';
  if (confirmation !== password) return 'validation.password_mismatch';
  return undefined;
}

export function validateFullName(value: string | undefined): ValidationMessage {
  const name = (value ?? '').trim();
  if (!hasVisibleText(name)) return 'validation.fullname_required';
  if (characterCount(name) > FULLNAME_MAX_LENGTH) return 'validation.fullname_too_long';
  return undefined;
}

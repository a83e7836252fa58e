/**
 * Validators shared by the portal's forms and the sandbox API.
 * Each returns undefined when the value is acceptable, otherwise the i18n key of the message
 * (see src/i18n/vi.ts), so both sides show the same words.
 */
import { FULLNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

export type ValidationMessage = string | undefined;

// Deliberately simple: one @, no spaces, a dot in the domain. The server sends the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string | undefined): ValidationMessage {
  const email = (value ?? '').trim();
  if (!email) return 'validation.email_required';
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return 'validation.email_invalid';
  return undefined;
}

export function validateLoginPassword(value: string | undefined): ValidationMessage {
  return value ? undefined : 'validation.password_required';
}

export function validateNewPassword(value: string | undefined): ValidationMessage {
  if (!value) return 'validation.password_required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.password_too_short';
  if (value.length > PASSWORD_MAX_LENGTH) return 'validation.password_too_long';
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
  if (!name) return 'validation.fullname_required';
  if (name.length > FULLNAME_MAX_LENGTH) return 'validation.fullname_too_long';
  return undefined;
}

/** E.164 as produced by the phone input: a plus, a country code, 7 to 15 digits in all. */
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export function validatePhone(value: string | undefined): ValidationMessage {
  if (!value) return 'validation.phone_required';
  if (!E164_PATTERN.test(value)) return 'validation.phone_invalid';
  return undefined;
}

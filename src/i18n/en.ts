/** English, the fallback language: the twin of every key in vi.ts. */
import type { vi } from './vi';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const en: Messages<typeof vi> = {
  validation: {
    email_required: 'Email must not be empty.',
    email_invalid: 'Please enter a valid e-mail address',
    password_required: 'Password must not be empty.',
    password_too_short: 'The password must have at least 5 characters.',
    password_too_long: 'The password must not be longer than 128 characters.',
    password_confirmation_required: 'Please enter the password again.',
    password_mismatch: 'The repeated password does not match the password',
    fullname_required: 'Full name must not be empty.',
    fullname_too_long: 'Full name must not be longer than 100 characters.',
    phone_required: 'Phone number must not be empty.',
    phone_invalid: 'The phone number is not valid.',
  },
  server: {
    invalid_credentials: 'Wrong e-mail or password.',
  },
};

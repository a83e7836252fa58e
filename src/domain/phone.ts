/**
 * Phone numbers, one rule for the register, profile and agency forms and for the sandbox: a number
 * the phone input would accept (E.164, and a real number of its country by libphonenumber's
 * metadata: the "min" set react-phone-number-input itself checks with), and a `formatted_phone`
 * that is that same number as it is written, not any text.
 */
// parsePhoneNumberFromString answers undefined for text that is no number; parsePhoneNumber throws.
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

import type { ValidationMessage } from './validation';

/** E.164 as produced by the phone input: a plus, a country code, 7 to 15 digits in all. */
const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export function validatePhone(value: string | undefined): ValidationMessage {
  if (!value) return 'validation.phone_required';
  if (!E164_PATTERN.test(value) || !isValidPhoneNumber(value)) return 'validation.phone_invalid';
  return undefined;
}

/** Digits and the marks a number is written with ("0912 345 678", "+84 (91) 234-5678"). */
const WRITTEN_NUMBER = /^[+\d\s().-]{1,32}$/;

/**
 * `formatted` is how the customer saw `phone` (national or international, any spacing): read in
 * the number's own country, or its calling code for a number of no country (+800 …), it must be
 * the same number, so the text shown beside the number can never say something else.
 */
export function validateFormattedPhone(formatted: string, phone: string): ValidationMessage {
  if (!WRITTEN_NUMBER.test(formatted.trim())) return 'validation.formatted_phone_mismatch';
  const number = parsePhoneNumberFromString(phone);
  const read = parsePhoneNumberFromString(formatted, {
    defaultCountry: number?.country,
    defaultCallingCode: number?.countryCallingCode,
  });
  return read?.number === phone ? undefined : 'validation.formatted_phone_mismatch';
}

/**
 * A request's phone and its shown number, checked in the same pass as its other fields, the
 * number read once: the shown number only when sent, and not while the phone itself is wrong (its
 * own message says that).
 */
export function phoneProblems(
  phone: string,
  formatted: string | undefined,
): { phone: ValidationMessage; formatted_phone: ValidationMessage } {
  const phoneProblem = validatePhone(phone);
  return {
    phone: phoneProblem,
    formatted_phone:
      formatted === undefined || phoneProblem
        ? undefined
        : validateFormattedPhone(formatted, phone),
  };
}

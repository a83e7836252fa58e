import { getCountries, getExampleNumber } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { formatPhoneNumber, formatPhoneNumberIntl } from 'react-phone-number-input';
import { describe, expect, it } from 'vitest';

import { phoneProblems, validateFormattedPhone, validatePhone } from './phone';

describe('a phone number', () => {
  it('is required, international, and a real number of its country', () => {
    expect(validatePhone('')).toBe('validation.phone_required');
    expect(validatePhone(undefined)).toBe('validation.phone_required');
    expect(validatePhone('0912345678')).toBe('validation.phone_invalid');
    // The shape of E.164, but no Vietnamese number is this short: the phone input refuses it too.
    expect(validatePhone('+8412345')).toBe('validation.phone_invalid');
    expect(validatePhone('+84912345678')).toBeUndefined();
    expect(validatePhone('+12025550123')).toBeUndefined();
  });
});

describe('the number as the customer saw it', () => {
  it.each([
    ['0912 345 678', '+84912345678'],
    // The contract's own example, grouped another way.
    ['091 234 56 78', '+84912345678'],
    ['+84 91 234 5678', '+84912345678'],
    ['\u00a00912\u00a0345\u00a0678 ', '+84912345678'],
    // A national prefix that is not a zero.
    ['8 (912) 345-67-89', '+79123456789'],
    ['(202) 555-0123', '+12025550123'],
    // A number of no country (International Freephone), as the input writes it.
    ['1234 5678', '+80012345678'],
    ['+800 1234 5678', '+80012345678'],
  ])('accepts "%s" for %s', (formatted, phone) => {
    expect(validateFormattedPhone(formatted, phone)).toBeUndefined();
  });

  it('accepts every country’s number as the portal’s phone input writes it', () => {
    const refused = getCountries().flatMap((country) => {
      const phone = getExampleNumber(country, examples)?.number;
      if (!phone) return [];
      return [formatPhoneNumber(phone), formatPhoneNumberIntl(phone)]
        .filter((written) => validatePhone(phone) ?? validateFormattedPhone(written, phone))
        .map((written) => `${country} ${phone} "${written}"`);
    });
    expect(refused).toEqual([]);
  });

  it.each([
    ['0912 345 679', '+84912345678'],
    ['', '+84912345678'],
    ['Gọi 1900 1234 để xác minh', '+84912345678'],
    ['call 0912 345 678', '+84912345678'],
    ['0912 345 678', '+12025550123'],
    ['0'.repeat(33), '+84912345678'],
    // Marks alone: no number to read (and no error thrown while reading).
    ['(', '+84912345678'],
    ['+', '+84912345678'],
    ['---', '+80012345678'],
  ])('refuses "%s" for %s', (formatted, phone) => {
    expect(validateFormattedPhone(formatted, phone)).toBe('validation.formatted_phone_mismatch');
  });
});

describe('the shown number in a request', () => {
  it('is checked once the number itself is right, and only when sent', () => {
    expect(phoneProblems('+84912345678', '0912 345 679')).toEqual({
      phone: undefined,
      formatted_phone: 'validation.formatted_phone_mismatch',
    });
    expect(phoneProblems('+84912345678', undefined)).toEqual({
      phone: undefined,
      formatted_phone: undefined,
    });
    // The number's own message says what is wrong; a second one on the shown number would not.
    expect(phoneProblems('+8412345', '12345')).toEqual({
      phone: 'validation.phone_invalid',
      formatted_phone: undefined,
    });
  });
});

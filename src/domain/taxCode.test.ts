import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { vi } from '../i18n/vi';
import { validateTaxCode } from './taxCode';

describe('validateTaxCode', () => {
  it.each(['0101234567', '0101234567-001', ' 0312345678 '])('accepts %j', (code) => {
    expect(validateTaxCode(code)).toBeUndefined();
  });

  it.each([undefined, null, '', '   '])('leaves an empty field (%j) alone', (code) => {
    expect(validateTaxCode(code)).toBeUndefined();
  });

  it.each([
    '010123456', // nine digits
    '01012345678', // eleven digits
    '0101234567-01', // a branch needs three digits
    '0101234567-0011',
    '0101234567 001',
    '010123456a',
    '０１０１２３４５６７', // full-width digits
  ])('refuses %j', (code) => {
    expect(validateTaxCode(code)).toBe('validation.tax_code_invalid');
  });

  it('names a message both languages have', () => {
    expect(vi.validation.tax_code_invalid).toBeTruthy();
    expect(en.validation.tax_code_invalid).toBeTruthy();
  });
});

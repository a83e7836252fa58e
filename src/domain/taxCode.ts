/**
 * Vietnamese tax codes (mã số thuế) as printed on VAT invoices: 10 digits for a company or a
 * person, or 10 digits, a dash and 3 digits for a branch. Shared by the invoice-info form and the
 * sandbox, so both refuse the same values with the same words.
 */
import type { ValidationMessage } from './validation';

const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

/** An empty field means "no tax code"; the value is checked as the form sends it: trimmed. */
export function validateTaxCode(value: string | null | undefined): ValidationMessage {
  const code = (value ?? '').trim();
  if (!code) return undefined;
  return TAX_CODE_PATTERN.test(code) ? undefined : 'validation.tax_code_invalid';
}

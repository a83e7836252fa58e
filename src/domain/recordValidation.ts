/**
 * Validators of the signed-in portal's own fields, shared with the sandbox API: names of servers,
 * volumes, snapshots and SSH keys, coupon codes and top-up amounts. Like validation.ts (the
 * account's fields), each returns undefined when the value is acceptable, otherwise the i18n key
 * of the message. Kept apart from it so that the login page's code does not carry them.
 */
import type { ValidationMessage } from './validation';

/** Letters, digits, dash and underscore: names of servers, volumes, snapshots and SSH keys (§5). */
export const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * The rule of a record's name: required, then `min`–`max` characters of NAME_PATTERN, each
 * failure with its own message key.
 */
export function nameRule(rule: {
  min: number;
  max: number;
  required: string;
  invalid: string;
}): (value: string | undefined) => ValidationMessage {
  return (value) => {
    const name = value ?? '';
    if (!name) return rule.required;
    if (name.length < rule.min || name.length > rule.max || !NAME_PATTERN.test(name)) {
      return rule.invalid;
    }
    return undefined;
  };
}

/** Volume and snapshot names: 5–32 characters (spec §5). */
export const validateResourceName = nameRule({
  min: 5,
  max: 32,
  required: 'validation.resource_name_required',
  invalid: 'validation.resource_name',
});

export const validateSshKeyName = nameRule({
  min: 1,
  max: 32,
  required: 'validation.ssh_key_name_required',
  invalid: 'validation.ssh_key_name',
});

const COUPON_CODE_MAX_LENGTH = 64;

/** A coupon field left empty means "no coupon"; anything else must look like a code. */
export function validateCouponCode(value: string | undefined): ValidationMessage {
  const code = value ?? '';
  if (!code) return undefined;
  if (code.length > COUPON_CODE_MAX_LENGTH || !NAME_PATTERN.test(code)) {
    return 'validation.coupon_invalid';
  }
  return undefined;
}

/** A top-up: whole dong, 10.000 ₫ to 1.000.000.000 ₫. */
export const TOPUP_MIN_AMOUNT = 10_000;
export const TOPUP_MAX_AMOUNT = 1_000_000_000;

export function validateTopupAmount(value: number | undefined): ValidationMessage {
  if (value === undefined || Number.isNaN(value)) return 'validation.topup_amount_required';
  if (!Number.isInteger(value) || value < TOPUP_MIN_AMOUNT || value > TOPUP_MAX_AMOUNT) {
    return 'validation.topup_amount';
  }
  return undefined;
}

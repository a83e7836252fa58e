/**
 * The field rules the portal's forms and the sandbox share, by name. A form calls the rule's
 * function; the contract names the rule on the field's schema (`x-rule: serverName`), and the
 * sandbox answers a body the schema refuses with the rule's own message for that field
 * (server/platform/fieldRules.ts), nested fields (`rules.0.port`) included. A rule is declared
 * here once: its function and, through it, its message keys.
 */
import { validateApiTokenName } from './apiTokens';
import { validateHostname } from './hostname';
import { validateServerName, validateServerPassword } from './serverRules';
import { validateTicketContent, validateTicketSubject } from './ticketRules';
import {
  validateCouponCode,
  validateResourceName,
  validateSshKeyName,
  validateTopupAmount,
} from './recordValidation';
import type { ValidationMessage } from './validation';

type FieldRule = (value: unknown) => ValidationMessage;

const text =
  (validate: (value: string | undefined) => ValidationMessage): FieldRule =>
  (value) =>
    validate(typeof value === 'string' ? value : undefined);

const amount =
  (validate: (value: number | undefined) => ValidationMessage): FieldRule =>
  (value) =>
    validate(typeof value === 'number' ? value : undefined);

export const FIELD_RULES = {
  serverName: text(validateServerName),
  serverPassword: text(validateServerPassword),
  resourceName: text(validateResourceName),
  sshKeyName: text(validateSshKeyName),
  couponCode: text(validateCouponCode),
  topupAmount: amount(validateTopupAmount),
  ticketSubject: text(validateTicketSubject),
  ticketContent: text(validateTicketContent),
  hostname: text(validateHostname),
  apiTokenName: text(validateApiTokenName),
} satisfies Record<string, FieldRule>;

export type FieldRuleName = keyof typeof FIELD_RULES;

export const isFieldRuleName = (name: unknown): name is FieldRuleName =>
  typeof name === 'string' && Object.hasOwn(FIELD_RULES, name);

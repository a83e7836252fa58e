/**
 * Body fields whose rule lives in src/domain as well as in the contract's schema. The schema check
 * runs first and only knows "wrong format"; when it refuses one of these fields, the answer uses
 * the domain's message instead, the one the portal's form shows for the same value.
 */
import { validateServerName, validateServerPassword } from '../src/domain/serverRules';
import { validateTicketContent, validateTicketSubject } from '../src/domain/ticketRules';
import {
  validateCouponCode,
  validateResourceName,
  validateSshKeyName,
  validateTopupAmount,
  type ValidationMessage,
} from '../src/domain/validation';
import type { OperationId } from './handler';

type FieldRule = (body: Record<string, unknown>) => string | undefined;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The domain's rule for a text field of the body; a field left out is for the schema to judge. */
const textField =
  (field: string, validate: (value: string | undefined) => ValidationMessage): FieldRule =>
  (body) =>
    body[field] === undefined ? undefined : validate(asText(body[field]));

const couponField = textField('coupon_code', validateCouponCode);

const RULES: Partial<Record<OperationId, Record<string, FieldRule>>> = {
  createOrder: {
    'data.name': (body) => {
      const name = asText(asRecord(body.data).name);
      if (body.type === 'create_server') return validateServerName(name);
      // Volumes and snapshots share one naming rule.
      if (body.type === 'create_volume' || body.type === 'create_snapshot') {
        return name === undefined ? undefined : validateResourceName(name);
      }
      return undefined;
    },
  },
  payOrder: { coupon_code: couponField },
  payInvoice: { coupon_code: couponField },
  createPaymentRequest: {
    amount: (body) =>
      typeof body.amount === 'number' ? validateTopupAmount(body.amount) : undefined,
  },
  rebuildServer: { password: textField('password', validateServerPassword) },
  resetServerPassword: { password: textField('password', validateServerPassword) },
  createVolume: { name: textField('name', validateResourceName) },
  createSnapshot: { name: textField('name', validateResourceName) },
  restoreSnapshot: { name: textField('name', validateResourceName) },
  createSshKey: { name: textField('name', validateSshKeyName) },
  createTicket: {
    subject: textField('subject', validateTicketSubject),
    content: textField('content', validateTicketContent),
  },
  replyToTicket: { content: textField('content', validateTicketContent) },
};

/** Field (dotted path, as in `errors`) → i18n key of the domain's message, for a refused body. */
export function domainFieldProblems(
  operationId: string | undefined,
  body: unknown,
): Record<string, string> {
  const rules = RULES[operationId as OperationId];
  if (!rules) return {};
  const problems: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const key = rule(asRecord(body));
    if (key) problems[field] = key;
  }
  return problems;
}

/**
 * One rule per field: the domain's validators (what the portal's forms check, with their
 * Vietnamese messages) and the contract's schemas (what the API checks) must accept exactly the
 * same values. Each field's schema is read from openapi/openapi.yaml as it is, and both sides are
 * fed the same generated values, chosen to straddle the rule's edges.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { validateHostname } from './hostname';
import { validatePhone } from './phone';
import { validateServerName, validateServerPassword } from './serverRules';
import {
  validateCouponCode,
  validateResourceName,
  validateSshKeyName,
  validateTopupAmount,
} from './recordValidation';
import { validateEmail, validateFullName, validateNewPassword } from './validation';

const CONTRACT = parse(readFileSync(join(__dirname, '../../openapi/openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};
const CONTRACT_ID = 'openapi.yaml';

// As server/platform/contract.ts checks JSON bodies: no coercion, formats on.
const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(CONTRACT, CONTRACT_ID);

/** The contract's schema of one field: `Schema` or `Schema.property`. */
function schemaCheck(field: string): (value: unknown) => boolean {
  const [schema, property] = field.split('.');
  const pointer = property
    ? `#/components/schemas/${schema}/properties/${property}`
    : `#/components/schemas/${schema}`;
  return ajv.compile({ $ref: CONTRACT_ID + pointer });
}

const domainAccepts = (message: string | undefined) => message === undefined;

// ---- generated values ----

const NAME_CHARACTERS = [...'abcXYZ059_-'];
const ASCII_PUNCTUATION = [...' .@+!#$%^&*=()/\\\'"`~{}|?,;:<>[]'];
const SERVER_PASSWORD_SPECIALS = [...'!@#$%^&*+='];
const WHITESPACE = [' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff'];
const UNICODE = ['ệ', 'Đ', 'ữ', 'ß', 'İ', '😀', '𝔸', '\u0301', '\u200b'];

/** One character: mostly ones the rule allows, often ones it does not. */
const character = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAME_CHARACTERS) },
  { weight: 2, arbitrary: fc.constantFrom(...SERVER_PASSWORD_SPECIALS) },
  { weight: 1, arbitrary: fc.constantFrom(...ASCII_PUNCTUATION) },
  { weight: 1, arbitrary: fc.constantFrom(...WHITESPACE) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

/** Strings whose length in characters lies near the edges min and max, or anywhere up to max+3. */
function textAround(min: number, max: number, unit = character) {
  const length = fc.oneof(
    fc.integer({ min: Math.max(0, min - 2), max: min + 2 }),
    fc.integer({ min: Math.max(0, max - 2), max: max + 2 }),
    fc.integer({ min: 0, max: max + 3 }),
  );
  return length.chain((count) =>
    fc.array(unit, { minLength: count, maxLength: count }).map((parts) => parts.join('')),
  );
}

/** Text with spaces or other whitespace around it, as typed into a form. */
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t', '\u00a0'), text, fc.constantFrom('', ' ', '\n'))
    .map(([before, middle, after]) => before + middle + after);

const emailPart = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...'abcz09-_.'.split('')) },
      { weight: 1, arbitrary: fc.constantFrom('+', '!', "'", '@', ' ', 'ệ', '..', '😀') },
    ),
    { minLength: 0, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const emailAddress = fc.oneof(
  fc
    .tuple(emailPart, emailPart, fc.constantFrom('vn', 'com', 'co-op', '-x', 'v', ''))
    .map(([local, host, top]) => `${local}@${host}.${top}`),
  fc.tuple(emailPart, emailPart).map(([local, host]) => `${local}@${host}`),
  // At the length limit: 254 and 255 characters in all.
  fc.integer({ min: 240, max: 245 }).map((length) => `${'a'.repeat(length)}@example.vn`),
  textAround(0, 20),
);

const phoneNumber = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('+', '', '++', ' +', '0'),
      fc.constantFrom(...'0123456789'.split('')),
      fc.array(fc.constantFrom(...'0123456789 -'.split(''), '٣'), { minLength: 4, maxLength: 17 }),
    )
    .map(([plus, first, rest]) => plus + first + rest.join('')),
  textAround(7, 16),
);

/** Server passwords: often only allowed characters (so the lengths decide), often any. */
const serverPasswordCharacter = fc.constantFrom(
  ...'ABZabz0189'.split(''),
  ...SERVER_PASSWORD_SPECIALS,
);
const serverPassword = fc.oneof(
  textAround(10, 128, serverPasswordCharacter),
  textAround(10, 128, fc.oneof(serverPasswordCharacter, character)),
);

/** Integers and fractions around the top-up bounds, and whole numbers far outside. */
const amount = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: min - 2, max: min + 2 }),
    fc.integer({ min: max - 2, max: max + 2 }),
    fc.integer({ min: -1, max: max * 2 }),
    fc.double({ min: min - 1, max: min + 1, noNaN: true }),
    fc.double({ min: 0, max: max * 2, noNaN: true, noDefaultInfinity: true }),
  );

/** Host names: labels near the 63-character edge, dots in odd places, names near 253. */
const hostnameLabel = fc.oneof(
  textAround(1, 63, fc.constantFrom(...'aZ09-'.split(''))),
  textAround(1, 6, fc.oneof(fc.constantFrom(...'ab1-'.split('')), character)),
);
const hostname = fc.oneof(
  fc.array(hostnameLabel, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.')),
  fc
    .tuple(
      fc.constantFrom('', '.', '-'),
      fc.integer({ min: 3, max: 5 }),
      fc.constantFrom('vn', 'c0', '1'),
    )
    .map(([edge, count, top]) =>
      `${edge}${Array(count).fill('a'.repeat(63)).join('.')}.${top}`.slice(0, 256),
    ),
  textAround(0, 12),
);

// ---- the rules ----

interface FieldRule<T> {
  field: string;
  domain: (value: T) => string | undefined;
  values: fc.Arbitrary<T>;
  /** What the form sends for what was typed (the portal trims e-mail and full name). */
  sent?: (value: T) => T;
  /**
   * Values the schema lets through and the domain refuses, by a rule the contract states in its
   * description because JSON Schema cannot (a phone number no country has).
   */
  refusedBeyondSchema?: (value: T) => boolean;
}

const trimmed = (value: string) => value.trim();

/** Rules of every value type in one list (each is only ever fed its own values). */
const rule = <T>(fieldRule: FieldRule<T>) => fieldRule as unknown as FieldRule<unknown>;

const RULES: FieldRule<unknown>[] = [
  rule({
    field: 'Email',
    domain: validateEmail,
    values: fc.oneof(emailAddress, padded(emailAddress)),
    sent: trimmed,
  }),
  rule({ field: 'Password', domain: validateNewPassword, values: textAround(5, 128) }),
  rule({
    field: 'RegisterRequest.fullname',
    domain: validateFullName,
    values: fc.oneof(textAround(1, 100), padded(textAround(0, 100))),
    sent: trimmed,
  }),
  rule({
    field: 'UpdateProfileRequest.fullname',
    domain: validateFullName,
    values: fc.oneof(textAround(1, 100), padded(textAround(0, 100))),
    sent: trimmed,
  }),
  rule({
    field: 'Phone',
    domain: validatePhone,
    values: fc.oneof(phoneNumber, fc.constantFrom('+84912345678', '+8412345', '+12025550123')),
    refusedBeyondSchema: (value: string) => !isValidPhoneNumber(value),
  }),
  rule({ field: 'ServerName', domain: validateServerName, values: textAround(3, 32) }),
  rule({
    field: 'ServerPassword',
    domain: validateServerPassword,
    values: serverPassword,
  }),
  rule({ field: 'ResourceName', domain: validateResourceName, values: textAround(5, 32) }),
  rule({ field: 'SshKeyName', domain: validateSshKeyName, values: textAround(1, 32) }),
  rule({ field: 'PayRequest.coupon_code', domain: validateCouponCode, values: textAround(0, 64) }),
  rule({
    field: 'PaymentRequestCreate.amount',
    domain: validateTopupAmount,
    values: amount(10_000, 1_000_000_000),
  }),
  rule({ field: 'Hostname', domain: validateHostname, values: hostname }),
];

describe('each field has one rule: the domain validator and the contract agree', () => {
  it.each(RULES.map((rule) => [rule.field, rule] as const))('%s', (_field, rule) => {
    const schemaAccepts = schemaCheck(rule.field);
    fc.assert(
      fc.property(rule.values, (value) => {
        const sent = rule.sent ? rule.sent(value) : value;
        expect({ value, domain: domainAccepts(rule.domain(value)) }).toEqual({
          value,
          domain: schemaAccepts(sent) && !rule.refusedBeyondSchema?.(value),
        });
      }),
      { numRuns: 400 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

import { FIELD_RULES } from '../../src/domain/fieldRules';
import { CONTRACT_FILE, loadContract } from './contract';
import { domainFieldProblems, RULE_KEYWORD } from './fieldRules';

const contract = loadContract();
const bodyOf = (operationId: string) =>
  contract.operations.find((operation) => operation.operationId === operationId)?.requestBody
    ?.schema;
const problems = (operationId: string, body: unknown) =>
  domainFieldProblems(bodyOf(operationId), body);

describe('a body the schema refuses is answered with the domain’s message for each field', () => {
  it.each([
    ['resetServerPassword', { password: 'abc' }, { password: 'validation.server_password' }],
    ['payOrder', { coupon_code: 'GIAM 10' }, { coupon_code: 'validation.coupon_invalid' }],
    ['payInvoice', { coupon_code: 'x'.repeat(65) }, { coupon_code: 'validation.coupon_invalid' }],
    ['createPaymentRequest', { amount: 9_999 }, { amount: 'validation.topup_amount' }],
    ['createVolume', { name: 'data' }, { name: 'validation.resource_name' }],
    ['createSnapshot', { name: 'bản-sao' }, { name: 'validation.resource_name' }],
    ['createSshKey', { name: 'my key' }, { name: 'validation.ssh_key_name' }],
    ['restoreSnapshot', { name: 'ab' }, { name: 'validation.resource_name' }],
    [
      'createOrder',
      { type: 'create_snapshot', data: { name: 'a b' } },
      { 'data.name': 'validation.resource_name' },
    ],
  ])('%s %j', (operationId, body, expected) => {
    expect(problems(operationId, body)).toEqual(expected);
  });

  it('leaves fields that are absent, or that the domain accepts, to the schema', () => {
    expect(problems('payOrder', { coupon_code: '' })).toEqual({});
    expect(problems('payOrder', {})).toEqual({});
    expect(problems('createSshKey', { name: 'my-key' })).toEqual({});
    expect(problems('listServers', { anything: 1 })).toEqual({});
  });
});

describe('a rule named on a field of the contract', () => {
  it('reaches nested fields, each element of an array by its index', () => {
    const schema = {
      type: 'object',
      properties: {
        rules: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string', [RULE_KEYWORD]: 'sshKeyName' } },
          },
        },
      },
    };
    expect(
      domainFieldProblems(schema, { rules: [{ name: 'ok-name' }, { name: 'not ok' }] }),
    ).toEqual({ 'rules.1.name': 'validation.ssh_key_name' });
  });

  it("follows the branch of a oneOf that the body's constant fields choose", () => {
    expect(problems('createOrder', { type: 'create_server', data: { name: 'a b' } })).toEqual({
      'data.name': 'validation.server_name',
    });
    expect(problems('createOrder', { type: 'create_volume', data: { name: 'a b' } })).toEqual({
      'data.name': 'validation.resource_name',
    });
  });

  it('is one of the shared rules, and every shared rule is named by the contract', () => {
    const named = [...readFileSync(CONTRACT_FILE, 'utf8').matchAll(/x-rule: (\w+)/g)].map(
      (match) => match[1],
    );
    expect(new Set(named)).toEqual(new Set(Object.keys(FIELD_RULES)));
  });

  it('fails loudly on a rule nobody declared', () => {
    expect(() =>
      domainFieldProblems({ type: 'string', [RULE_KEYWORD]: 'noSuchRule' }, 'value'),
    ).toThrow(/unknown rule: noSuchRule/);
  });
});

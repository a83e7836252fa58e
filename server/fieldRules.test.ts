import { describe, expect, it } from 'vitest';
import { domainFieldProblems } from './fieldRules';

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
  ])('%s %j', (operationId, body, problems) => {
    expect(domainFieldProblems(operationId, body)).toEqual(problems);
  });

  it('leaves fields that are absent, or that the domain accepts, to the schema', () => {
    expect(domainFieldProblems('payOrder', { coupon_code: '' })).toEqual({});
    expect(domainFieldProblems('payOrder', {})).toEqual({});
    expect(domainFieldProblems('createSshKey', { name: 'my-key' })).toEqual({});
    expect(domainFieldProblems('listServers', { anything: 1 })).toEqual({});
  });
});

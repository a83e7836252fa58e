import { describe, expect, it } from 'vitest';

import type { TopupResult } from '../../dataProvider/dataProvider';
import {
  paymentReturnStep,
  referenceFromQuery,
  resultPath,
  resultReference,
} from './paymentReturn';

const cardReturn = (code: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    payment_method: 'card',
    vpc_Amount: '25000000',
    vpc_CurrencyCode: 'VND',
    vpc_TxnResponseCode: code,
    vpc_MerchTxnRef: 'TOPUP-1',
    vpc_SecureHash: 'AB'.repeat(32),
    ...extra,
  });

const credited: TopupResult = {
  message: 'ok',
  amount: 250_000,
  balance: 5_250_000,
  transaction: {
    id: 1,
    gateway: 'paypal',
    transaction_id: 'PAYID-1',
    reference: 'PAYPAL-1',
    amount: 250_000,
    method: 'paypal',
    date: '2026-01-01T00:00:00Z',
  },
  payment: null,
};

describe('the card gateway return', () => {
  it('forwards every answer, approved or not, unchanged, and shows the reference it names', () => {
    for (const code of ['0', '00', '99', '1', '300']) {
      const query = cardReturn(code, { vpc_Message: 'x' });
      expect(paymentReturnStep(query)).toEqual({
        kind: 'complete',
        query: Object.fromEntries(query),
        method: 'card',
        reference: 'TOPUP-1',
      });
    }
  });

  it('is not a return without a response code or a reference', () => {
    const noCode = cardReturn('0');
    noCode.delete('vpc_TxnResponseCode');
    expect(paymentReturnStep(noCode)).toEqual({ kind: 'not_a_return' });
    expect(paymentReturnStep(cardReturn('0', { vpc_MerchTxnRef: '<b>' }))).toEqual({
      kind: 'not_a_return',
    });
  });
});

describe('the PayPal return', () => {
  it('forwards the query and takes the reference our return_url carries', () => {
    const query = new URLSearchParams({
      payment_method: 'paypal',
      paymentId: 'PAYID-1',
      PayerID: 'P1',
      token: 'EC-1',
      reference: 'PAYPAL-1',
    });
    const step = paymentReturnStep(query);
    expect(step).toEqual({
      kind: 'complete',
      query: Object.fromEntries(query),
      method: 'paypal',
      reference: 'PAYPAL-1',
    });
  });

  it('falls back on the credited payment’s reference when the return names none', () => {
    const step = paymentReturnStep(new URLSearchParams({ payment_method: 'paypal', token: 'EC' }));
    if (step.kind !== 'complete') throw new Error('expected a top-up call');
    expect(resultReference(step, credited)).toBe('PAYPAL-1');
    expect(resultReference(step, undefined)).toBeUndefined();
  });
});

describe('the result page address', () => {
  it('carries the reference and the method, never an amount', () => {
    expect(resultPath('success', { reference: 'TOPUP-1', method: 'card' })).toBe(
      '/billing/success?reference=TOPUP-1&method=card',
    );
    expect(resultPath('failure', {})).toBe('/billing/failure');
  });

  it('reads back only a well-formed reference', () => {
    expect(referenceFromQuery(new URLSearchParams('reference=TOPUP-1&amount=987654321'))).toBe(
      'TOPUP-1',
    );
    expect(referenceFromQuery(new URLSearchParams('reference=%3Cb%3E'))).toBeUndefined();
    expect(referenceFromQuery(new URLSearchParams('amount=987654321'))).toBeUndefined();
  });

  it('is not a return for another method', () => {
    expect(paymentReturnStep(new URLSearchParams('payment_method=cash'))).toEqual({
      kind: 'not_a_return',
    });
  });
});

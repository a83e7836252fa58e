import { describe, expect, it } from 'vitest';

import type { TopupResult } from '../../dataProvider/dataProvider';
import {
  cardAmount,
  outcomeFromQuery,
  paymentReturnStep,
  resultPath,
  successOutcome,
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
    gateway: 'card',
    transaction_id: '123',
    amount: 250_000,
    method: 'card',
    date: '2026-01-01T00:00:00Z',
  },
  payment: null,
};

describe('the card gateway return (spec §4)', () => {
  it('goes to failure without calling topup when the code is not 0', () => {
    for (const code of ['99', '1', '5', 'B']) {
      expect(paymentReturnStep(cardReturn(code))).toEqual({
        kind: 'failure',
        outcome: { method: 'card', amount: '250000', currency: 'VND' },
      });
    }
  });

  it('forwards the whole query, unchanged, to topup when the code is 0', () => {
    const query = cardReturn('0', { vpc_Message: 'Approved', vpc_Locale: 'vn' });
    const step = paymentReturnStep(query);
    expect(step).toMatchObject({ kind: 'complete', query: Object.fromEntries(query) });
  });

  it('shows vpc_Amount without its last two digits on success', () => {
    const step = paymentReturnStep(cardReturn('0'));
    if (step.kind !== 'complete') throw new Error('expected a top-up call');
    expect(successOutcome(step, credited)).toEqual({
      method: 'card',
      amount: '250000',
      currency: 'VND',
    });
  });

  it('is not a return without the method or the response code', () => {
    expect(paymentReturnStep(new URLSearchParams())).toEqual({ kind: 'not_a_return' });
    expect(paymentReturnStep(new URLSearchParams({ payment_method: 'card' }))).toEqual({
      kind: 'not_a_return',
    });
    expect(paymentReturnStep(new URLSearchParams({ payment_method: 'bitcoin' }))).toEqual({
      kind: 'not_a_return',
    });
  });
});

describe('the PayPal return (spec §4)', () => {
  it('always calls topup and shows what PayPal reports', () => {
    const step = paymentReturnStep(
      new URLSearchParams({
        payment_method: 'paypal',
        paymentId: 'PAY-1',
        PayerID: 'P',
        token: 'T',
      }),
    );
    if (step.kind !== 'complete') throw new Error('expected a top-up call');
    expect(step.query).toEqual({
      payment_method: 'paypal',
      paymentId: 'PAY-1',
      PayerID: 'P',
      token: 'T',
    });
    const paid: TopupResult = {
      ...credited,
      payment: {
        id: 'PAY-1',
        state: 'approved',
        payer: { payment_method: 'paypal' },
        transactions: [{ amount: { total: '4.35', currency: 'USD' } }],
      },
    };
    expect(successOutcome(step, paid)).toEqual({
      method: 'paypal',
      amount: '4.35',
      currency: 'USD',
    });
  });
});

describe('amounts and result addresses', () => {
  it('removes the last two digits of vpc_Amount', () => {
    expect(cardAmount('1000000')).toBe('10000');
    expect(cardAmount('1000050')).toBe('10000');
    expect(cardAmount('99')).toBe('0');
    expect(cardAmount(null)).toBe('');
    expect(cardAmount('12a')).toBe('');
  });

  it('round-trips an outcome through the result page address', () => {
    const outcome = { method: 'card', amount: '250000', currency: 'VND' };
    const path = resultPath('success', outcome);
    expect(path).toBe('/billing/success?method=card&amount=250000&currency=VND');
    expect(outcomeFromQuery(new URLSearchParams(path.split('?')[1]))).toEqual(outcome);
    expect(resultPath('failure', { method: 'paypal', amount: '', currency: '' })).toBe(
      '/billing/failure?method=paypal',
    );
  });
});

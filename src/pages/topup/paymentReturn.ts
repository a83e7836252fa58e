/**
 * What the /billing/payment page does with the query a payment gateway sent the browser back with
 * (spec §4 "Top-up return", §3 "Payment return query"):
 * - PayPal: call topup; success shows PayPal's payment method, total and currency.
 * - Any other method (the card gateway): a `vpc_TxnResponseCode` other than `0` is a failure
 *   without calling anything; otherwise call topup, and success shows `vpc_Amount` without its
 *   last two digits (the gateway counts hundredths of a dong) in `vpc_CurrencyCode`.
 * The query is forwarded to topup exactly as it came: the card gateway signed every field.
 */
import type { TopupResult, TopupReturnQuery } from '../../dataProvider/dataProvider';
import { cardAnswer } from '../../domain/cardResponse';

/** What a result page (/billing/success, /billing/failure) shows. */
export interface PaymentOutcome {
  method: string;
  /** As the gateway counts it: dong for the card gateway, "4.35" for PayPal in USD. */
  amount: string;
  currency: string;
}

export type PaymentReturnStep =
  /** The gateway already said no: nothing to credit, nothing to call. */
  | { kind: 'failure'; outcome: PaymentOutcome }
  /**
   * Ask the API to credit. `returned` is what the return query itself says (the card gateway's
   * amount; for PayPal only the method): shown on failure, and on success for the card gateway.
   */
  | { kind: 'complete'; query: TopupReturnQuery; returned: PaymentOutcome }
  /** Not a gateway's return (opened by hand, or the query was cut off). */
  | { kind: 'not_a_return' };

export function paymentReturnStep(query: URLSearchParams): PaymentReturnStep {
  const method = query.get('payment_method');
  if (method !== 'card' && method !== 'paypal') return { kind: 'not_a_return' };
  const forwarded = Object.fromEntries(query.entries()) as TopupReturnQuery;
  if (method === 'paypal') {
    return {
      kind: 'complete',
      query: forwarded,
      returned: { method, amount: '', currency: '' },
    };
  }
  const code = query.get('vpc_TxnResponseCode');
  if (code === null) return { kind: 'not_a_return' };
  const card = cardOutcome(query);
  // The sandbox reads the code by the same rule: "00" is an approval too.
  if (cardAnswer(code) !== 'approved') {
    return { kind: 'failure', outcome: card };
  }
  return { kind: 'complete', query: forwarded, returned: card };
}

/** What the success page shows once topup has credited. */
export function successOutcome(
  step: Extract<PaymentReturnStep, { kind: 'complete' }>,
  result: TopupResult,
): PaymentOutcome {
  if (step.returned.method === 'card') return step.returned;
  const paypal = result.payment;
  const charged = paypal?.transactions[0]?.amount;
  if (paypal && charged) {
    return {
      method: paypal.payer.payment_method,
      amount: charged.total,
      currency: charged.currency,
    };
  }
  return { method: 'paypal', amount: String(result.amount), currency: 'VND' };
}

/** `vpc_Amount` counts hundredths: the amount is that number without its last two digits. */
export function cardAmount(vpcAmount: string | null): string {
  if (!vpcAmount || !/^\d+$/.test(vpcAmount)) return '';
  return String(Math.floor(Number(vpcAmount) / 100));
}

function cardOutcome(query: URLSearchParams): PaymentOutcome {
  return {
    method: 'card',
    amount: cardAmount(query.get('vpc_Amount')),
    currency: query.get('vpc_CurrencyCode') ?? '',
  };
}

/** What the return page hands the result page besides the address (history state). */
export interface ResultPageState {
  /** The API's message on a refused PayPal return, e.g. that PayPal is still processing. */
  reason?: string;
}

/** The result page's address: `/billing/success?method=…&amount=…&currency=…`. */
export function resultPath(kind: 'success' | 'failure', outcome: PaymentOutcome): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(outcome)) if (value) query.set(name, value);
  const search = query.toString();
  return `/billing/${kind}${search ? `?${search}` : ''}`;
}

/** Read back on the result page; missing fields stay empty (the page then shows less). */
export function outcomeFromQuery(query: URLSearchParams): PaymentOutcome {
  return {
    method: query.get('method') ?? '',
    amount: query.get('amount') ?? '',
    currency: query.get('currency') ?? '',
  };
}

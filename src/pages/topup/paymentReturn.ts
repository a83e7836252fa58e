/**
 * What the /billing/payment page does with the query a payment gateway sent the browser back with
 * (spec §4 "Top-up return", §3 "Payment return query"): forward it to topup exactly as it came
 * (the card gateway signed every field), then show the result page of the top-up's reference.
 *
 * The result page reads the outcome from the server by that reference (issue 17): never an amount
 * from an address, which anyone can type. The card gateway names the reference as
 * `vpc_MerchTxnRef`; our PayPal return_url carries it as `reference`.
 *
 * Unlike spec §4's "if vpc_TxnResponseCode is not 0 go to failure", a declined, cancelled or
 * pending card answer is forwarded too: the server records it (if the gateway's IPN did not
 * already), and the result page then says which it was, with its reason.
 */
import type { TopupResult, TopupReturnQuery } from '../../dataProvider/dataProvider';

export type PaymentReturnStep =
  /** Ask the API to settle the return, then show the reference's outcome. */
  | {
      kind: 'complete';
      query: TopupReturnQuery;
      method: 'card' | 'paypal';
      /** Our reference, when the return names it. */
      reference: string | undefined;
    }
  /** Not a gateway's return (opened by hand, or the query was cut off). */
  | { kind: 'not_a_return' };

const REFERENCE = /^[A-Za-z0-9-]{1,64}$/;

const referenceIn = (value: string | null) =>
  value !== null && REFERENCE.test(value) ? value : undefined;

export function paymentReturnStep(query: URLSearchParams): PaymentReturnStep {
  const method = query.get('payment_method');
  if (method !== 'card' && method !== 'paypal') return { kind: 'not_a_return' };
  const forwarded = Object.fromEntries(query.entries()) as TopupReturnQuery;
  if (method === 'paypal') {
    return {
      kind: 'complete',
      query: forwarded,
      method,
      reference: referenceIn(query.get('reference')),
    };
  }
  const reference = referenceIn(query.get('vpc_MerchTxnRef'));
  if (query.get('vpc_TxnResponseCode') === null || !reference) return { kind: 'not_a_return' };
  return { kind: 'complete', query: forwarded, method, reference };
}

/** The reference whose outcome to show once topup answered (its own when it credited). */
export function resultReference(
  step: Extract<PaymentReturnStep, { kind: 'complete' }>,
  result: TopupResult | undefined,
): string | undefined {
  return step.reference ?? result?.transaction.reference;
}

/** What the return page hands the result page besides the address (history state). */
export interface ResultPageState {
  /** The API's message on a refused return it could not name a reference for. */
  reason?: string;
}

/**
 * The result page's address: `/billing/success?reference=…` (or failure), the method alongside
 * as spec §4 passes it. The amount is never in it: the page asks the server.
 */
export function resultPath(
  kind: 'success' | 'failure',
  outcome: { reference?: string; method?: string },
): string {
  const query = new URLSearchParams();
  if (outcome.reference) query.set('reference', outcome.reference);
  if (outcome.method) query.set('method', outcome.method);
  const search = query.toString();
  return `/billing/${kind}${search ? `?${search}` : ''}`;
}

/** The reference a result page was opened with; anything else in its address is ignored. */
export function referenceFromQuery(query: URLSearchParams): string | undefined {
  return referenceIn(query.get('reference'));
}

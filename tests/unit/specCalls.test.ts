/**
 * Spec §7's calls, as the specification lists them, against the contract: an operation §7 gives
 * is not marked as ours, nor are the query parameters §7 names for it; every other operation, and
 * every other parameter of a §7 operation, carries `x-extension-of-spec: true`, so an integrator
 * reading openapi/openapi.yaml sees what a provider's API is sure to have and what is ours.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  'x-extension-of-spec'?: boolean;
}
interface Operation {
  parameters?: Parameter[];
  'x-extension-of-spec'?: boolean;
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

/** §7, "The calls it makes": method and path, and the query parameters it names. */
const SPEC_CALLS: Record<string, string[]> = {
  'GET /auth/user': [],
  'GET /auth/token': [],
  'POST /auth/users': [],
  'POST /auth/users/resend_email_comfirmation': [],
  'POST /auth/users/confirm_email': [],
  'POST /auth/users/request_reset_password': [],
  'POST /auth/users/reset_password': [],
  'POST /auth/user/upgrade': [],
  'GET /auth/trial': [],
  'GET /auth/otp_email': [],
  'POST /auth/otp_email': [],
  'POST /auth/otp_sms': [],
  'PATCH /auth/otp_sms': [],
  'POST /billing/gen_payment_req_url': [],
  'GET /billing/invoices': ['page', 'status', 'code', 'resource_id'],
  'GET /billing/balance_adjustments': ['page', 'type', 'method', 'id'],
  // "{the return query}": what the card gateway (vpc_…) and PayPal send back, and the method.
  'GET /billing/topup': [
    'payment_method',
    'vpc_AdditionData',
    'vpc_Amount',
    'vpc_Command',
    'vpc_CurrencyCode',
    'vpc_Locale',
    'vpc_Merchant',
    'vpc_TxnResponseCode',
    'vpc_MerchTxnRef',
    'vpc_TransactionNo',
    'vpc_OrderInfo',
    'vpc_Message',
    'vpc_SecureHash',
    'vpc_Version',
    'paymentId',
    'PayerID',
    'token',
  ],
  'GET /billing/products': ['name', 'category', 'per_page'],
  'POST /billing/apply_coupon': [],
  'POST /billing/invoices/{id}/pay': [],
  'POST /billing/orders/{id}/pay': ['check'],
  'POST /billing/orders/{id}/cancel': [],
  'GET /billing/coupons/check_code': ['code', 'type'],
  'POST /billing/orders': [],
  'GET /billing/orders': ['page', 'status'],
  'GET /billing/payments': ['page', 'payment_gateway', 'transaction_id'],
  'GET /billing/plans': ['product_category', 'interval_count'],
  'POST /billing/calculation': [],
  'GET /billing/package/{id}': [],
  'GET /billing/packages': [],
};

const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as Contract;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    call: `${method.toUpperCase()} ${path}`,
    operation: item[method] as Operation,
  })),
);

const resolved = (parameter: Parameter): Parameter =>
  parameter.$ref
    ? (contract.components.parameters[parameter.$ref.split('/').pop() as string] as Parameter)
    : parameter;

describe('the contract says what spec §7 does not give', () => {
  it('holds every call of §7', () => {
    const calls = operations.map(({ call }) => call);
    expect(Object.keys(SPEC_CALLS).filter((call) => !calls.includes(call))).toEqual([]);
  });

  it('marks every operation §7 does not give as our extension, and none that it gives', () => {
    const wrong = operations
      .filter(
        ({ call, operation }) => call in SPEC_CALLS === (operation['x-extension-of-spec'] === true),
      )
      .map(({ call }) => call);
    expect(wrong).toEqual([]);
  });

  it('marks the query parameters §7 does not name for its calls, and none that it names', () => {
    const wrong = operations
      .filter(({ call }) => call in SPEC_CALLS)
      .flatMap(({ call, operation }) =>
        (operation.parameters ?? [])
          .map(resolved)
          .filter((parameter) => parameter.in === 'query')
          .filter(
            (parameter) =>
              SPEC_CALLS[call]!.includes(parameter.name as string) ===
              (parameter['x-extension-of-spec'] === true),
          )
          .map((parameter) => `${call} ?${parameter.name}`),
      );
    expect(wrong).toEqual([]);
  });
});

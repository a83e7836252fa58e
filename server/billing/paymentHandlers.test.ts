import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CARD_ATTEMPT_MINUTES,
  DEFAULT_CARD_GATEWAY,
  gatewayAnswer,
  findAttempt,
  type CardDecision,
} from './gateways/cardGateway';
import { onepaySignature } from './gateways/onepaySignature';
import type { Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import {
  apiAs,
  postSandboxForm,
  sandboxFormSession,
  signedInSandbox,
  signIn,
  type Api,
  type testClock,
} from '../testing';

const ORIGIN = 'http://localhost:8080';
const RETURN_URL = `${ORIGIN}/idc/billing/payment?payment_method=card`;
const SECRET = DEFAULT_CARD_GATEWAY.secret;

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
/** A second connection to the sandbox's database file, to read its books. */
let db: Db;
let demo: Api;

beforeEach(async () => {
  ({ app, clock, books: db, api: demo } = await signedInSandbox());
});

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;

async function startTopup(api: Api = demo, amount = 100_000) {
  const response = await api.post('/billing/gen_payment_req_url', {
    method: 'card',
    amount,
    return_url: RETURN_URL,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reference: string; url: string; amount: number };
}

/** What the sandbox gateway sends back for a decision on the attempt. */
function answerFor(reference: string, decision: CardDecision = 'approved') {
  const attempt = findAttempt(db, reference)!;
  return gatewayAnswer(attempt, decision, DEFAULT_CARD_GATEWAY, 'vi');
}

/** The fields changed and signed again with the real secret: only the checks can stop them. */
function resigned(fields: Record<string, string>, changes: Record<string, string>) {
  const changed: Record<string, string> = { ...fields, ...changes };
  delete changed.vpc_SecureHash;
  return { ...changed, vpc_SecureHash: onepaySignature(changed, SECRET) };
}

const without = (fields: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));

const completeTopup = (api: Api, fields: Record<string, string | undefined>) =>
  api.get('/billing/topup', undefined, {
    payment_method: 'card',
    ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >),
  });

const topupRows = () =>
  db
    .prepare(
      `SELECT user_id, amount, reference FROM balance_adjustments WHERE type = 'topup' ` +
        `AND reference IN (SELECT reference FROM payment_attempts)`,
    )
    .all();

const attemptStatus = (reference: string) => findAttempt(db, reference)?.status;

describe('starting a card top-up (gen_payment_req_url)', () => {
  it('records a pending attempt and answers the signed gateway page address', async () => {
    const request = await startTopup(demo, 250_000);
    expect(request).toMatchObject({ method: 'card', amount: 250_000, currency: 'VND' });
    const attempt = findAttempt(db, request.reference)!;
    expect(attempt).toMatchObject({ status: 'pending', amount: 250_000, currency: 'VND' });
    expect(Date.parse(attempt.expires_at) - Date.parse(attempt.created_at)).toBe(
      CARD_ATTEMPT_MINUTES * 60_000,
    );
    const url = new URL(request.url);
    expect(url.pathname).toBe('/sandbox/onepay/vpc.op');
    expect(url.searchParams.get('vpc_Amount')).toBe('25000000');
    expect(url.searchParams.get('vpc_MerchTxnRef')).toBe(request.reference);
    const fields = Object.fromEntries(url.searchParams);
    expect(fields.vpc_SecureHash).toBe(onepaySignature(fields, SECRET));
  });

  it('refuses a return address outside the portal payment page, for card and PayPal', async () => {
    for (const method of ['card', 'paypal']) {
      for (const return_url of [
        'https://evil.example/idc/billing/payment',
        `${ORIGIN}/idc/other`,
        undefined,
      ]) {
        const response = await demo.post('/billing/gen_payment_req_url', {
          method,
          amount: 100_000,
          ...(return_url && { return_url }),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(
          'Địa chỉ quay lại phải là trang /idc/billing/payment của cổng thông tin khách hàng.',
        );
      }
    }
    expect(db.prepare('SELECT COUNT(*) AS n FROM payment_attempts').get()).toEqual({ n: 0 });
  });
});

describe('crediting a card top-up (GET /billing/topup)', () => {
  it('credits an approved, signed answer once, with its ledger row', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo, 100_000);
    const response = await completeTopup(demo, answerFor(reference));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Nạp tiền thành công.',
      amount: 100_000,
      balance: before + 100_000,
      transaction: { gateway: 'card', amount: 100_000 },
      payment: null,
    });
    expect(await balanceOf(demo)).toBe(before + 100_000);
    expect(attemptStatus(reference)).toBe('credited');
    expect(topupRows()).toHaveLength(1);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('answers the same result to a replay, "already credited", and credits once', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const first = (await completeTopup(demo, answer)).json();
    const again = await completeTopup(demo, answer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      ...first,
      message: 'Giao dịch này đã được cộng vào số dư trước đó.',
    });
    expect(await balanceOf(demo)).toBe(before + 100_000);
    expect(topupRows()).toHaveLength(1);
  });

  it('credits once when the same return arrives ten times at once', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => completeTopup(demo, answer)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().balance))).toEqual(new Set([before + 100_000]));
    expect(await balanceOf(demo)).toBe(before + 100_000);
    expect(topupRows()).toHaveLength(1);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('changes nothing for a tampered amount, even one signed again', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo, 100_000);
    const answer = answerFor(reference);
    // Changed after signing: the signature no longer matches.
    const tampered = await completeTopup(demo, { ...answer, vpc_Amount: '99900000' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/Chữ ký/);
    // Signed with the amount changed: the amount does not match the attempt.
    const resignedAmount = await completeTopup(demo, resigned(answer, { vpc_Amount: '99900000' }));
    expect(resignedAmount.statusCode).toBe(400);
    expect(resignedAmount.json().message).toBe(
      'Số tiền hoặc loại tiền không khớp với yêu cầu nạp tiền.',
    );
    expect(await balanceOf(demo)).toBe(before);
    expect(attemptStatus(reference)).toBe('pending');
    // The genuine answer still credits afterwards.
    expect((await completeTopup(demo, answer)).statusCode).toBe(200);
  });

  it("refuses another customer's reference", async () => {
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const agencyBefore = await balanceOf(agency);
    const { reference } = await startTopup(demo);
    const response = await completeTopup(agency, answerFor(reference));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Không tìm thấy yêu cầu nạp tiền này trong tài khoản của bạn.',
    );
    expect(await balanceOf(agency)).toBe(agencyBefore);
    expect(attemptStatus(reference)).toBe('pending');
  });

  it('refuses a wrong merchant and an unknown reference, signed or not', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const wrongMerchant = await completeTopup(demo, resigned(answer, { vpc_Merchant: 'OTHER' }));
    expect(wrongMerchant.statusCode).toBe(400);
    expect(wrongMerchant.json().message).toMatch(/nhà cung cấp/);
    const unknown = await completeTopup(
      demo,
      resigned(answer, { vpc_MerchTxnRef: 'TOPUP-20250301-0000000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(await balanceOf(demo)).toBe(before);
    expect(topupRows()).toEqual([]);
  });

  it('refuses an answer without a signature, or with a field added after signing', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const unsigned = await completeTopup(demo, { ...answer, vpc_SecureHash: undefined });
    expect(unsigned.statusCode).toBe(400);
    const added = resigned(without(answer, 'vpc_Message'), {});
    const withAddedField = await completeTopup(demo, { ...added, vpc_Message: 'Approved' });
    expect(withAddedField.statusCode).toBe(400);
    expect(await balanceOf(demo)).toBe(before);
    expect(attemptStatus(reference)).toBe('pending');
  });

  it('accepts the signature in lower-case hex', async () => {
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const response = await completeTopup(demo, {
      ...answer,
      vpc_SecureHash: answer.vpc_SecureHash!.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('records code 99 as cancelled and another code as failed, crediting nothing', async () => {
    const before = await balanceOf(demo);
    const cancelled = await startTopup(demo);
    const cancel = await completeTopup(demo, answerFor(cancelled.reference, 'cancelled'));
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().message).toBe('Bạn đã huỷ thanh toán, số dư không thay đổi.');
    expect(attemptStatus(cancelled.reference)).toBe('cancelled');

    const declined = await startTopup(demo);
    const decline = await completeTopup(demo, answerFor(declined.reference, 'declined'));
    expect(decline.statusCode).toBe(400);
    expect(attemptStatus(declined.reference)).toBe('failed');

    expect(await balanceOf(demo)).toBe(before);
    expect(topupRows()).toEqual([]);
  });

  it('credits a signed approval that comes after a decline or a cancel, once, keeping the earlier answer', async () => {
    const before = await balanceOf(demo);
    const cancelled = await startTopup(demo);
    await completeTopup(demo, answerFor(cancelled.reference, 'cancelled'));
    const declined = await startTopup(demo);
    await completeTopup(
      demo,
      resigned(answerFor(declined.reference), { vpc_TxnResponseCode: '7' }),
    );
    expect(attemptStatus(declined.reference)).toBe('failed');

    // The card was charged after all: the gateway's signed approvals must reach the balance.
    const approvedLate = await completeTopup(demo, answerFor(cancelled.reference));
    expect(approvedLate.statusCode, approvedLate.body).toBe(200);
    const ipnAnswer = await app.inject({
      url: '/sandbox/onepay/ipn',
      query: answerFor(declined.reference),
    });
    expect(ipnAnswer.body).toBe('responsecode=1&desc=confirm-success');
    // Replays of either approval credit nothing more.
    expect((await completeTopup(demo, answerFor(cancelled.reference))).statusCode).toBe(200);
    expect((await completeTopup(demo, answerFor(declined.reference))).statusCode).toBe(200);

    expect(await balanceOf(demo)).toBe(before + 200_000);
    expect(topupRows()).toHaveLength(2);
    expect(findAttempt(db, cancelled.reference)).toMatchObject({
      status: 'credited',
      superseded_status: 'cancelled',
      superseded_response_code: '99',
    });
    expect(findAttempt(db, declined.reference)).toMatchObject({
      status: 'credited',
      superseded_status: 'failed',
      superseded_response_code: '7',
    });
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('reads the response code as a number: "00" is an approval, as the portal reads it', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);

    const response = await completeTopup(
      demo,
      resigned(answerFor(reference), { vpc_TxnResponseCode: '00' }),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(demo)).toBe(before + 100_000);
  });

  it('still credits a valid approval that arrives after the attempt expired', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    clock.advance((CARD_ATTEMPT_MINUTES + 60) * 60_000);
    const response = await completeTopup(demo, answer);
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(demo)).toBe(before + 100_000);
  });
});

describe('the sandbox gateway and its IPN', () => {
  const ipn = (fields: Record<string, string>) =>
    app.inject({ url: '/sandbox/onepay/ipn', query: fields });

  it('return and IPN, in either order or at once, credit once', async () => {
    const before = await balanceOf(demo);
    const first = await startTopup(demo);
    const firstAnswer = answerFor(first.reference);
    expect((await ipn(firstAnswer)).body).toBe('responsecode=1&desc=confirm-success');
    expect((await completeTopup(demo, firstAnswer)).statusCode).toBe(200);

    const second = await startTopup(demo);
    const secondAnswer = answerFor(second.reference);
    expect((await completeTopup(demo, secondAnswer)).statusCode).toBe(200);
    expect((await ipn(secondAnswer)).body).toBe('responsecode=1&desc=confirm-success');

    const third = await startTopup(demo);
    const thirdAnswer = answerFor(third.reference);
    const [ipnAnswer, returned] = await Promise.all([
      ipn(thirdAnswer),
      completeTopup(demo, thirdAnswer),
    ]);
    expect(ipnAnswer.body).toBe('responsecode=1&desc=confirm-success');
    expect(returned.statusCode).toBe(200);

    expect(await balanceOf(demo)).toBe(before + 300_000);
    expect(topupRows()).toHaveLength(3);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('the IPN refuses an unsigned answer', async () => {
    const { reference } = await startTopup(demo);
    const unsigned = without(answerFor(reference), 'vpc_SecureHash');
    expect((await ipn(unsigned)).body).toBe('responsecode=0&desc=confirm-fail');
    expect(attemptStatus(reference)).toBe('pending');
  });

  it('walks the customer through the page: approve, back to the portal, credited once', async () => {
    const before = await balanceOf(demo);
    const { reference, url } = await startTopup(demo);
    const gatewayUrl = new URL(url);
    const pageResponse = await app.inject({ url: gatewayUrl.pathname + gatewayUrl.search });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.body).toContain(reference);
    expect(pageResponse.body).toContain('100.000 VND');
    // The expiry in Vietnam's time as the portal writes dates, not an ISO timestamp.
    const expires = findAttempt(db, reference)!.expires_at;
    expect(pageResponse.body).not.toContain(`>${expires}<`);
    expect(pageResponse.body).toContain('01-03-2025 15:30');

    const decided = await postSandboxForm(
      app,
      '/sandbox/onepay/decision',
      { reference, decision: 'approved', locale: 'vi' },
      { page: gatewayUrl.pathname + gatewayUrl.search },
    );
    expect(decided.statusCode).toBe(303);
    const back = new URL(decided.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/idc/billing/payment`);
    expect(back.searchParams.get('vpc_TxnResponseCode')).toBe('0');
    // The IPN already credited it; the portal forwarding the return answers the same credit.
    expect(attemptStatus(reference)).toBe('credited');
    const forwarded = await completeTopup(demo, Object.fromEntries(back.searchParams));
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(await balanceOf(demo)).toBe(before + 100_000);

    const again = await app.inject({ url: gatewayUrl.pathname + gatewayUrl.search });
    expect(again.body).toContain('Giao dịch này đã được xử lý.');
  });

  it('refuses a payment request whose signature does not match, escaping what it shows', async () => {
    const { url } = await startTopup(demo);
    const gatewayUrl = new URL(url);
    gatewayUrl.searchParams.set('vpc_Amount', '1');
    const response = await app.inject({ url: gatewayUrl.pathname + gatewayUrl.search });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Yêu cầu thanh toán không hợp lệ');
  });
});

describe('the payments list (GET /billing/payments)', () => {
  /** A top-up approved by the gateway and credited; a minute passes after it so dates differ. */
  async function creditedTopup(api: Api, amount: number) {
    const { reference } = await startTopup(api, amount);
    const answer = answerFor(reference);
    const response = await completeTopup(api, answer);
    expect(response.statusCode, response.body).toBe(200);
    clock.advance(60_000);
    return { reference, transactionId: answer.vpc_TransactionNo! };
  }

  const listPayments = async (api: Api, query: Record<string, string> = {}) => {
    const response = await api.get('/billing/payments', undefined, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: { id: number; gateway: string; transaction_id: string; amount: number }[];
      total: number;
      page: number;
      per_page: number;
    };
  };

  it('lists credited top-ups only, newest first, with gateway, transaction id, amount, method and date', async () => {
    const first = await creditedTopup(demo, 100_000);
    const declined = await startTopup(demo, 300_000);
    await completeTopup(demo, answerFor(declined.reference, 'declined'));
    const cancelled = await startTopup(demo, 400_000);
    await completeTopup(demo, answerFor(cancelled.reference, 'cancelled'));
    await startTopup(demo, 500_000); // still pending
    const second = await creditedTopup(demo, 200_000);

    const list = await listPayments(demo);
    expect(list).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect(list.items).toEqual([
      {
        id: expect.any(Number),
        gateway: 'card',
        transaction_id: second.transactionId,
        reference: second.reference,
        amount: 200_000,
        method: 'card',
        date: findAttempt(db, second.reference)!.settled_at,
      },
      expect.objectContaining({ transaction_id: first.transactionId, amount: 100_000 }),
    ]);
  });

  it('pages the list', async () => {
    for (const amount of [100_000, 200_000, 300_000]) await creditedTopup(demo, amount);
    const firstPage = await listPayments(demo, { page: '1', per_page: '2' });
    expect(firstPage).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(firstPage.items.map((item) => item.amount)).toEqual([300_000, 200_000]);
    const secondPage = await listPayments(demo, { page: '2', per_page: '2' });
    expect(secondPage).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(secondPage.items.map((item) => item.amount)).toEqual([100_000]);
  });

  it('filters by transaction id and by gateway', async () => {
    await creditedTopup(demo, 100_000);
    const wanted = await creditedTopup(demo, 200_000);

    const byTransaction = await listPayments(demo, { transaction_id: wanted.transactionId });
    expect(byTransaction.total).toBe(1);
    expect(byTransaction.items.map((item) => item.amount)).toEqual([200_000]);
    expect((await listPayments(demo, { transaction_id: 'no-such-transaction' })).total).toBe(0);

    expect((await listPayments(demo, { payment_gateway: 'card' })).total).toBe(2);
    expect(await listPayments(demo, { payment_gateway: 'paypal' })).toMatchObject({
      items: [],
      total: 0,
    });
    expect(
      (await demo.get('/billing/payments', undefined, { payment_gateway: 'cash' })).statusCode,
    ).toBe(400);
  });

  it("never lists another account's payments, even by its transaction id", async () => {
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const demoPayment = await creditedTopup(demo, 100_000);
    await creditedTopup(agency, 200_000);

    expect((await listPayments(demo)).items.map((item) => item.amount)).toEqual([100_000]);
    expect((await listPayments(agency)).items.map((item) => item.amount)).toEqual([200_000]);
    expect((await listPayments(agency, { transaction_id: demoPayment.transactionId })).total).toBe(
      0,
    );
    expect((await app.inject({ url: '/api/v1/billing/payments' })).statusCode).toBe(401);
  });
});

describe('pending card answers and the attempt as the customer sees it (issue 17)', () => {
  const ipn = (fields: Record<string, string>) =>
    app.inject({ url: '/sandbox/onepay/ipn', query: fields });
  const attemptOf = (api: Api, reference: string) =>
    api.get(`/billing/payment_attempts/${reference}`);
  const pendingList = async (api: Api) => {
    const response = await api.get('/billing/payment_attempts', undefined, { status: 'pending' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: { reference: string; status: string }[]; total: number };
  };
  const settle = (reference: string, decision: 'approved' | 'declined') =>
    postSandboxForm(app, '/sandbox/onepay/settle', { reference, decision });

  it('keeps a pending answer (code 300) pending, shows it as processing and lists it with its reference', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo, 150_000);
    const returned = await completeTopup(demo, answerFor(reference, 'pending'));
    expect(returned.statusCode).toBe(400);
    expect(returned.json().message).toContain('đang xử lý');
    expect(attemptStatus(reference)).toBe('pending');

    const attempt = await attemptOf(demo, reference);
    expect(attempt.statusCode, attempt.body).toBe(200);
    expect(attempt.json()).toMatchObject({
      reference,
      method: 'card',
      amount: 150_000,
      status: 'pending',
      response_code: '300',
      reason: 'Ngân hàng đang xử lý giao dịch',
      credited_amount: null,
      balance_after: null,
      settled: null,
    });
    expect((await pendingList(demo)).items.map((item) => item.reference)).toEqual([reference]);
    // The gateway page no longer offers a decision: only the bank's final answer settles it.
    const decided = await postSandboxForm(app, '/sandbox/onepay/decision', {
      reference,
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(409);
    expect(await balanceOf(demo)).toBe(before);
    // A pending card payment never expires on its own.
    clock.advance((CARD_ATTEMPT_MINUTES + 1) * 60_000);
    expect((await attemptOf(demo, reference)).json().status).toBe('pending');
  });

  it('settles a pending card answer from the sandbox page: approved credits once', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo, 150_000);
    expect((await ipn(answerFor(reference, 'pending'))).body).toBe(
      'responsecode=1&desc=confirm-success',
    );
    const page = await app.inject({ url: '/sandbox' });
    expect(page.body).toContain(reference);

    const first = await settle(reference, 'approved');
    expect(first.statusCode, first.body).toBe(200);
    const again = await settle(reference, 'approved');
    expect(again.statusCode).toBe(409);
    const declinedAfter = await settle(reference, 'declined');
    expect(declinedAfter.statusCode).toBe(409);

    expect(await balanceOf(demo)).toBe(before + 150_000);
    expect(topupRows()).toEqual([{ user_id: expect.any(Number), amount: 150_000, reference }]);
    const attempt = (await attemptOf(demo, reference)).json();
    expect(attempt).toMatchObject({
      status: 'credited',
      credited_amount: 150_000,
      balance_after: before + 150_000,
      reason: null,
    });
    expect(attempt.settled).toEqual(expect.any(String));
    expect((await pendingList(demo)).total).toBe(0);
    expect(ledgerMismatches(db)).toEqual([]);
  });

  it('settles a pending card answer as declined, with the reason, crediting nothing', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    await ipn(answerFor(reference, 'pending'));
    expect((await settle(reference, 'declined')).statusCode).toBe(200);
    expect(await balanceOf(demo)).toBe(before);
    expect((await attemptOf(demo, reference)).json()).toMatchObject({
      status: 'declined',
      response_code: '1',
      reason: 'Ngân hàng phát hành thẻ từ chối giao dịch',
    });
  });

  it("records a cancel (99) as cancelled and a decline with its code and reason, in the reader's language", async () => {
    const cancelled = await startTopup(demo);
    await completeTopup(demo, answerFor(cancelled.reference, 'cancelled'));
    const declined = await startTopup(demo);
    await completeTopup(demo, answerFor(declined.reference, 'declined'));
    const english = apiAs(app, await signIn(app, 'demo@example.vn'), { 'accept-language': 'en' });
    expect((await attemptOf(english, cancelled.reference)).json()).toMatchObject({
      status: 'cancelled',
      response_code: '99',
      reason: 'You cancelled the payment',
    });
    expect((await attemptOf(english, declined.reference)).json()).toMatchObject({
      status: 'declined',
      response_code: '1',
      reason: 'The card issuer declined the payment',
    });
  });

  it('answers an unanswered card attempt as expired once its time is up, and never lists it as pending', async () => {
    const { reference } = await startTopup(demo);
    expect((await attemptOf(demo, reference)).json().status).toBe('pending');
    expect((await pendingList(demo)).total).toBe(0);
    clock.advance((CARD_ATTEMPT_MINUTES + 1) * 60_000);
    expect((await attemptOf(demo, reference)).json().status).toBe('expired');
    const expired = await demo.get('/billing/payment_attempts', undefined, { status: 'expired' });
    expect(expired.json().items.map((item: { reference: string }) => item.reference)).toEqual([
      reference,
    ]);
  });

  it("refuses another account's reference (404), and a caller without a session (401)", async () => {
    const { reference } = await startTopup(demo);
    await ipn(answerFor(reference, 'pending'));
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const foreign = await attemptOf(agency, reference);
    expect(foreign.statusCode).toBe(404);
    expect((await attemptOf(agency, 'TOPUP-20250301-NOSUCHREFERENCE')).statusCode).toBe(404);
    expect((await pendingList(agency)).total).toBe(0);
    expect(
      (await app.inject({ url: `/api/v1/billing/payment_attempts/${reference}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a cross-site post to the settle form (403), moving nothing', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTopup(demo);
    await ipn(answerFor(reference, 'pending'));
    const { cookie } = await sandboxFormSession(app);
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', cookie },
    ]) {
      const forged = await app.inject({
        method: 'POST',
        url: '/sandbox/onepay/settle',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ reference, decision: 'approved' }).toString(),
      });
      expect(forged.statusCode).toBe(403);
    }
    expect(await balanceOf(demo)).toBe(before);
    expect(attemptStatus(reference)).toBe('pending');
  });

  it('names our reference in the payment, the balance history and the top-up answer', async () => {
    const { reference } = await startTopup(demo);
    const answer = answerFor(reference);
    const credited = (await completeTopup(demo, answer)).json();
    expect(credited.transaction).toMatchObject({
      reference,
      transaction_id: answer.vpc_TransactionNo,
    });
    const payments = (
      await demo.get('/billing/payments', undefined, { transaction_id: reference })
    ).json();
    expect(payments.items.map((item: { reference: string }) => item.reference)).toEqual([
      reference,
    ]);
    const history = (
      await demo.get('/billing/balance_adjustments', undefined, { type: 'topup' })
    ).json();
    expect(history.items[0].reference).toBe(reference);
  });
});

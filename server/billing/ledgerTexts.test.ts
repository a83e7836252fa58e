/**
 * Balance-history texts are message keys with parameters, never stored sentences (issue 17): after
 * a demo account's life (card, PayPal and bank-transfer top-ups, a gift code, an order, a renewal
 * paid from the balance), every ledger row of every account names a key both languages have, and
 * renders in both with every parameter filled.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messageTextKeys, renderMessageText, type MessageText } from '../../src/domain/messageText';
import { en } from '../../src/i18n/en';
import { lookupMessage } from '../../src/i18n/interpolate';
import { SANDBOX_ONLY_MESSAGE_AREAS } from '../../src/i18n/messageSlices';
import { vi } from '../../src/i18n/vi';
import Database from 'better-sqlite3';
import { migrate, type Db } from '../platform/db';
import { DEFAULT_CARD_GATEWAY, findAttempt, gatewayAnswer } from './gateways/cardGateway';
import { translateAny } from '../platform/i18n';
import { ledgerMismatches, toBalanceAdjustment, type AdjustmentRow } from './ledger';
import { migrations } from '../platform/migrations';
import { apiAs, buyServer, postSandboxForm, sandboxWithBooks, signIn, type Api } from '../testing';

const DEMO = 'demo@example.vn';
const RETURN_URL = 'http://localhost:8080/idc/billing/payment';

async function paymentRequest(api: Api, method: string, amount: number) {
  const response = await api.post('/billing/gen_payment_req_url', {
    method,
    amount,
    ...(method !== 'bank_transfer' && { return_url: `${RETURN_URL}?payment_method=${method}` }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reference: string; url: string };
}

async function topUpByCard(db: Db, api: Api) {
  const { reference } = await paymentRequest(api, 'card', 200_000);
  const answer = gatewayAnswer(findAttempt(db, reference)!, 'approved', DEFAULT_CARD_GATEWAY, 'vi');
  const credited = await api.get('/billing/topup', undefined, {
    payment_method: 'card',
    ...answer,
  });
  expect(credited.statusCode, credited.body).toBe(200);
}

async function topUpByPaypal(target: FastifyInstance, api: Api) {
  const request = await paymentRequest(api, 'paypal', 100_000);
  const token = new URL(request.url).searchParams.get('token')!;
  const decided = await postSandboxForm(target, '/sandbox/paypal/decision', {
    token,
    decision: 'pay',
  });
  expect(decided.statusCode, decided.body).toBe(303);
  const query = Object.fromEntries(new URL(String(decided.headers.location)).searchParams);
  const credited = await api.get('/billing/topup', undefined, query);
  expect(credited.statusCode, credited.body).toBe(200);
}

async function topUpByTransfer(target: FastifyInstance, api: Api) {
  const { reference } = await paymentRequest(api, 'bank_transfer', 300_000);
  const received = await postSandboxForm(target, '/sandbox/bank-transfer/received', {
    reference,
    amount: '300.000',
  });
  expect(received.statusCode, received.body).toBe(200);
}

interface StoredRow {
  user_id: number;
  description: string;
  description_key: string;
  description_params: string;
}

const textOf = (row: StoredRow): MessageText => ({
  key: row.description_key,
  params: JSON.parse(row.description_params),
});

const render = (text: MessageText, locale: 'vi' | 'en') =>
  renderMessageText(text, (key, params) => translateAny(locale, key, params));

describe('balance-history texts', () => {
  it('are keys both languages have, rendered with every parameter, for every row of a life', async () => {
    const { app, books } = await sandboxWithBooks();
    const api = apiAs(app, await signIn(app, DEMO));
    await topUpByCard(books, api);
    await topUpByPaypal(app, api);
    await topUpByTransfer(app, api);
    expect((await api.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);
    const serverId = await buyServer(api);
    // Built a day later, then copied; past the paid month, the server's and the snapshot's
    // renewals are issued, then paid from the balance on their due date.
    for (const days of [1, 24, 6]) {
      if (days === 24) {
        const snapshot = { name: 'web-root', server_id: serverId };
        const taken = await api.post('/storage/snapshots', snapshot);
        expect(taken.statusCode, taken.body).toBe(201);
      }
      const moved = await app.inject({
        method: 'POST',
        url: '/sandbox/clock',
        payload: { advance: { days } },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }

    const rows = books
      .prepare(
        'SELECT user_id, description, description_key, description_params FROM balance_adjustments',
      )
      .all() as StoredRow[];
    const demoId = books.prepare('SELECT id FROM users WHERE email = ?').pluck().get(DEMO);
    expect(rows.filter((row) => row.user_id === demoId).map((row) => row.description_key)).toEqual(
      expect.arrayContaining([
        'ledger.opening_balance',
        'ledger.topup_card',
        'ledger.topup_paypal',
        'ledger.topup_bank_transfer',
        'ledger.coupon_credit',
        'ledger.order_payment',
        'ledger.renewal_payment',
      ]),
    );
    for (const row of rows) {
      const text = textOf(row);
      for (const key of messageTextKeys(text)) {
        expect(lookupMessage(vi, key), `${key} in vi`).toEqual(expect.any(String));
        expect(lookupMessage(en, key), `${key} in en`).toEqual(expect.any(String));
        // The portal renders it, and does not download what only the sandbox says.
        expect(SANDBOX_ONLY_MESSAGE_AREAS, key).not.toContain(key.split('.')[0]);
      }
      expect(row.description_key).not.toBe('ledger.legacy');
      const vietnamese = render(text, 'vi');
      const english = render(text, 'en');
      expect(vietnamese, row.description_key).not.toMatch(/%\{/);
      expect(english, row.description_key).not.toMatch(/%\{/);
      // `description` stays the Vietnamese rendering, for callers that read only that.
      expect(row.description).toBe(vietnamese);
    }
    // Each renewal names what it renewed, a snapshot's too.
    expect(rows.map((row) => row.description)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Gia hạn máy chủ web-01 đến hết /),
        expect.stringMatching(/^Gia hạn snapshot web-root đến hết /),
      ]),
    );
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('reach the portal as key and parameters, nested keys included', async () => {
    const { app } = await sandboxWithBooks();
    const api = apiAs(app, await signIn(app, DEMO));
    await buyServer(api, { name: 'web-07' });

    const history = (
      await api.get('/billing/balance_adjustments', undefined, { type: 'payment' })
    ).json();

    const [payment] = history.items;
    expect(payment).toMatchObject({
      description_key: 'ledger.order_payment',
      description_params: {
        kind: { key: 'orders.type.create_server' },
        order: expect.any(Number),
        info: expect.stringMatching(/^web-07: /),
      },
    });
    const text = { key: payment.description_key, params: payment.description_params };
    expect(render(text, 'en')).toMatch(/^Payment of order #\d+ \(New server\): web-07: /);
    expect(render(text, 'vi')).toMatch(/^Thanh toán đơn hàng #\d+ \(Tạo máy chủ\): web-07: /);
    expect(payment.description).toBe(render(text, 'vi'));
  });

  it('of rows written before keys keep their words: their text, or their reference', () => {
    const db = new Database(':memory:');
    const step = migrations.findIndex((migration) => migration.name === 'ledger_description_keys');
    migrate(db, migrations.slice(0, step));
    db.prepare(
      `INSERT INTO users (id, email, password_hash, fullname, phone, balance, created_at)
       VALUES (1, 'old@example.vn', 'x', 'Old', '0912345678', 450000, '2025-01-01T00:00:00.000Z')`,
    ).run();
    const legacy = db.prepare(
      `INSERT INTO balance_adjustments (user_id, type, method, amount, balance_after, description,
         reference, created_at) VALUES (1, ?, ?, ?, ?, ?, ?, '2025-01-01T00:00:00.000Z')`,
    );
    legacy.run(
      'topup',
      'card',
      500_000,
      500_000,
      'Nạp tiền qua thẻ, mã giao dịch TOPUP-1',
      'TOPUP-1',
    );
    legacy.run('coupon', 'coupon', 100_000, 600_000, 'Cộng 100.000 ₫ vào số dư', 'NAP100K');
    legacy.run(
      'payment',
      'balance',
      -150_000,
      450_000,
      'web-01: gia hạn 1 tháng',
      'INV-2025-000001',
    );

    migrate(db, migrations);

    const rows = (
      db.prepare('SELECT * FROM balance_adjustments ORDER BY id').all() as AdjustmentRow[]
    ).map(toBalanceAdjustment);
    expect(
      rows.map(({ description_key, description_params }) => [description_key, description_params]),
    ).toEqual([
      ['ledger.topup_card', { reference: 'TOPUP-1' }],
      ['ledger.coupon_credit', { code: 'NAP100K' }],
      ['ledger.legacy', { text: 'web-01: gia hạn 1 tháng' }],
    ]);
    const english = rows.map((row) =>
      render({ key: row.description_key, params: row.description_params }, 'en'),
    );
    expect(english).toEqual([
      'Card top-up, reference TOPUP-1',
      'Credit from gift code NAP100K',
      'web-01: gia hạn 1 tháng',
    ]);
    db.close();
  });
});

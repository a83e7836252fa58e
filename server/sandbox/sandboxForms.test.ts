/**
 * The form token of every HTML form under /sandbox (sandboxForms.ts): a post without it, with a
 * wrong one or from another site is refused with a page saying so and changes nothing; the page's
 * own token works, also when Chromium posts with `Origin: null` (the pages send no referrer).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import { ledgerMismatches } from '../billing/ledger';
import { postSandboxForm, sandboxFormSession, signedInSandbox, type Api } from '../testing';

const RETURN_URL = 'http://localhost:8080/idc/billing/payment';

let app: FastifyInstance;
/** A second connection to the sandbox's database file, to read its books. */
let db: Db;
let demo: Api;

beforeEach(async () => {
  ({ app, books: db, api: demo } = await signedInSandbox());
});
afterEach(async () => {
  expect(ledgerMismatches(db)).toEqual([]);
});

async function startTopup(method: 'card' | 'paypal' | 'bank_transfer', amount: number) {
  const response = await demo.post('/billing/gen_payment_req_url', {
    method,
    amount,
    ...(method !== 'bank_transfer' && { return_url: RETURN_URL }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reference: string; url: string | null };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Everything a form could move: the clock, balances, the ledger, payments and PayPal's side. */
const books = () => ({
  settings: db.prepare('SELECT * FROM sandbox_settings ORDER BY key').all(),
  invoices: db.prepare('SELECT COUNT(*) AS rows FROM invoices').get(),
  users: db.prepare('SELECT id, balance FROM users ORDER BY id').all(),
  ledger: db
    .prepare('SELECT COUNT(*) AS rows, SUM(amount) AS total FROM balance_adjustments')
    .get(),
  attempts: db.prepare('SELECT reference, status, settled_at FROM payment_attempts').all(),
  paypal: db.prepare('SELECT id, state, payer_id, sale_total FROM paypal_payments').all(),
});

interface FormCase {
  name: string;
  /** Readies what the form acts on; answers where it posts, its fields and the page it is on. */
  prepare: () => Promise<{ action: string; fields: Record<string, string>; page: string }>;
  /** The answer of the page's own post. */
  worked: number;
}

const FORMS: FormCase[] = [
  {
    name: 'the clock\'s "+1 day"',
    prepare: async () => ({
      action: '/sandbox/clock/advance',
      fields: { step: 'day' },
      page: '/sandbox',
    }),
    worked: 303,
  },
  {
    name: 'the bank\'s "transfer received"',
    prepare: async () => {
      const { reference } = await startTopup('bank_transfer', 10_000);
      return {
        action: '/sandbox/bank-transfer/received',
        fields: { reference, amount: '500000000', different_amount: '1' },
        page: '/sandbox',
      };
    },
    worked: 200,
  },
  {
    name: "the card gateway's approval",
    prepare: async () => {
      const { reference, url } = await startTopup('card', 10_000);
      return {
        action: '/sandbox/onepay/decision',
        fields: { reference, decision: 'approved', locale: 'en' },
        page: pathOf(url!),
      };
    },
    worked: 303,
  },
  {
    name: "PayPal's approval",
    prepare: async () => {
      const { url } = await startTopup('paypal', 100_000);
      const token = new URL(url!).searchParams.get('token')!;
      return {
        action: '/sandbox/paypal/decision',
        fields: { token, decision: 'pay' },
        page: pathOf(url!),
      };
    },
    worked: 303,
  },
  {
    name: 'PayPal\'s "Complete sale"',
    prepare: async () => {
      const { url } = await startTopup('paypal', 100_000);
      const token = new URL(url!).searchParams.get('token')!;
      const decided = await postSandboxForm(
        app,
        '/sandbox/paypal/decision',
        { token, decision: 'pay_pending' },
        { page: pathOf(url!) },
      );
      expect(decided.statusCode, decided.body).toBe(303);
      const paymentId = new URL(String(decided.headers.location)).searchParams.get('paymentId')!;
      return { action: '/sandbox/paypal/complete-sale', fields: { paymentId }, page: '/sandbox' };
    },
    worked: 200,
  },
];

const post = (action: string, payload: Record<string, string>, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: action,
    payload: new URLSearchParams(payload).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe.each(FORMS)('$name', ({ prepare, worked }) => {
  it('refuses a post without the token, with a wrong one or from another site, changing nothing', async () => {
    const { action, fields, page } = await prepare();
    const { cookie, token } = await sandboxFormSession(app, page);
    const before = books();

    const refusals = [
      await post(action, fields, { cookie }),
      await post(action, { ...fields, form_token: '' }, { cookie }),
      await post(action, { ...fields, form_token: `${token.slice(0, -1)}x` }, { cookie }),
      // The right token with another browser's cookie, or with none.
      await post(action, { ...fields, form_token: token }, {}),
      await post(
        action,
        { ...fields, form_token: token },
        { cookie: `sandbox_form=${'a'.repeat(43)}` },
      ),
      // Another site's page, posting what it likes: the browser sends no SameSite=Strict cookie.
      await post(action, { ...fields, form_token: token }, { origin: 'https://evil.example' }),
      await post(action, fields, {
        origin: 'https://evil.example',
        referer: 'https://evil.example/',
      }),
    ];

    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toContain('<p role="alert">');
      expect(refused.body).toMatch(/Không có gì thay đổi\.|Nothing was changed\./);
      expect(refused.body).toMatch(/<a href="\/sandbox[^"]*">/);
    }
    expect(books()).toEqual(before);
  });

  it("works with the page's token, also when Chromium posts with Origin: null", async () => {
    const { action, fields, page } = await prepare();
    const before = books();

    const answer = await postSandboxForm(app, action, fields, {
      page,
      headers: { origin: 'null' },
    });

    expect(answer.statusCode, answer.body).toBe(worked);
    expect(books()).not.toEqual(before);
  });
});

describe('the refusal page', () => {
  it('is in the language of the page the form was on, and leads back to it', async () => {
    const english = await post('/sandbox/bank-transfer/received', {}, { 'accept-language': 'en' });
    expect(english.statusCode).toBe(403);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<title>Form refused</title>');
    expect(english.body).toContain('<a href="/sandbox">Back to the sandbox page</a>');

    // The card gateway's page is in the language the portal asked for (the form's own field).
    const card = await post(
      '/sandbox/onepay/decision',
      { reference: 'x', decision: 'approved', locale: 'en' },
      {},
    );
    expect(card.body).toContain('<html lang="en">');

    // PayPal's leads back to the approval page the form was on.
    const paypal = await post('/sandbox/paypal/decision', { token: 'EC-1AB', decision: 'pay' }, {});
    expect(paypal.body).toContain('<a href="/sandbox/paypal/checkoutnow?token=EC-1AB">');
    const odd = await post('/sandbox/paypal/decision', { token: '"><b>', decision: 'pay' }, {});
    expect(odd.body).toContain('<a href="/sandbox">');
  });
});

describe('the pages', () => {
  it('put the token into every form that posts', async () => {
    const bank = await startTopup('bank_transfer', 10_000);
    const card = await startTopup('card', 10_000);
    const paypal = await startTopup('paypal', 100_000);
    const pending = await startTopup('paypal', 100_000);
    await postSandboxForm(
      app,
      '/sandbox/paypal/decision',
      { token: new URL(pending.url!).searchParams.get('token')!, decision: 'pay_pending' },
      { page: pathOf(pending.url!) },
    );
    expect(bank.reference).toBeTruthy();

    const pages = ['/sandbox', pathOf(card.url!), pathOf(paypal.url!)];
    let forms = 0;
    for (const page of pages) {
      const { body } = await app.inject({ url: page });
      const posting = body.split('<form method="post"').slice(1);
      expect(posting.length, page).toBeGreaterThan(0);
      for (const form of posting) {
        expect(form.split('</form>')[0], page).toMatch(
          /<input type="hidden" name="form_token" value="[\w-]{43}">/,
        );
      }
      forms += posting.length;
    }
    // The clock, the bank, "Complete sale", the card gateway and PayPal.
    expect(forms).toBe(5);
  });
});

/**
 * Issue 17's "done when": an accountant reconciles one calendar month of a customer's account
 * from what the portal serves (the balance history, Payments, top-up attempts, invoices and their
 * PDFs, all filtered to the month) and nothing else.
 *
 * The month is March 2025 (Vietnam time) of demo@example.vn, whose opening balance is the seed's.
 * In February the customer buys web-01, whose renewal for March is issued in late February; in
 * March the clock passes its due date and the balance pays it; the customer tops up by card (after
 * a declined attempt), by bank transfer (credited from the sandbox's "transfer received" form),
 * redeems NAP100K, and buys web-02 with GIAM10; late in March the April renewals are issued, and
 * on 1 April they are paid, outside the month. Every step goes through the public API and the
 * sandbox's pages, as a browser would.
 *
 * With RECONCILE_REPORT set, the reconciled month is also written there as markdown tables.
 */
import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/domain/constants';
import { formatDate, formatDateTime } from '../../src/domain/dates';
import { renderMessageText, type MessageText } from '../../src/domain/messageText';
import { formatVnd } from '../../src/domain/money';
import { amountInVietnameseWords } from '../../src/domain/vietnameseWords';
import { HOUR_MS } from '../platform/clock';
import { translateAny } from '../platform/i18n';
import { apiAs, postSandboxForm, serverOrderFor, signIn, testApp, testClock } from '../testing';

const DEMO = 'demo@example.vn';
const RETURN_URL = 'http://localhost:8080/idc/billing/payment?payment_method=card';
/** The month reconciled, as calendar days in Vietnam (the date filters' days). */
const MONTH = { from: '2025-03-01', to: '2025-03-31' };
/** 10 February 2025, 10:00 in Vietnam: the customer's February, before the month. */
const FEBRUARY_10 = new Date('2025-02-10T03:00:00.000Z');

/** The amounts the scenario sets; everything else is read from the API. */
const CARD_TOPUP = 1_000_000;
const DECLINED_CARD = 300_000;
const BANK_TRANSFER = 500_000;
const GIFT_CODE = 'NAP100K';
const DISCOUNT_CODE = 'GIAM10';

interface LedgerRow {
  id: number;
  type: string;
  method: string;
  amount: number;
  balance_after: number;
  description: string;
  description_key: string;
  description_params: MessageText['params'];
  reference: string | null;
  created: string;
}

interface InvoiceLine {
  kind: 'item' | 'discount';
  text: MessageText;
  description: string;
  unit_price: number;
  quantity: number;
  period_months: number | null;
  period_start: string | null;
  period_end: string | null;
  coupon_code: string | null;
  amount: number;
}

interface Invoice {
  id: number;
  code: string;
  status: string;
  amount: number;
  created: string;
  due_date: string;
  paid_at: string | null;
  resource_type: string | null;
  resource_id: number | null;
  lines: InvoiceLine[];
  subtotal: number;
  discount: number;
  total: number;
  vat: number;
  total_before_vat: number;
  amount_paid: number;
  payment: { method: string; coupon_code: string | null; reference: string } | null;
}

interface Payment {
  id: number;
  gateway: string;
  transaction_id: string;
  reference: string;
  amount: number;
  date: string;
}

interface Attempt {
  reference: string;
  method: string;
  amount: number;
  status: string;
  credited_amount: number | null;
  balance_after: number | null;
  settled: string | null;
}

let app: FastifyInstance;

/** What the scenario did, as the answers to its own calls told it. */
const done = {
  renewalCode: '',
  cardReference: '',
  declinedReference: '',
  bankReference: '',
  giftCredited: 0,
  orderInvoiceCode: '',
  orderPayment: { amount: 0, discount: 0, total: 0 },
  aprilRenewalCodes: [] as string[],
};

/** The customer, signed in afresh (a month of the clock's time ends idle sessions). */
const customer = async () => apiAs(app, await signIn(app, DEMO));

async function sandboxNow(): Promise<Date> {
  return new Date((await app.inject({ url: '/sandbox/clock' })).json().now);
}

/** Moves the sandbox clock (and its lifecycle sweep) to a Vietnam wall-clock time. */
async function moveTo(vietnamTime: string) {
  const target = new Date(`${vietnamTime}+07:00`);
  const hours = (target.getTime() - (await sandboxNow()).getTime()) / HOUR_MS;
  expect(Number.isInteger(hours) && hours >= 0, `${vietnamTime} is ${hours} hours on`).toBe(true);
  if (hours === 0) return;
  const moved = await app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advance: { hours } },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json().now).toBe(target.toISOString());
}

async function getJson<T>(url: string, query?: Record<string, string>): Promise<T> {
  const answer = await (await customer()).get(url, undefined, query);
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json() as T;
}

/** Every record of a paged list, page after page, as a bookkeeper would export it. */
async function everyItem<T>(url: string, query: Record<string, string> = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getJson<{ items: T[]; total: number }>(url, {
      ...query,
      page: String(page),
      per_page: '2',
    });
    items.push(...answer.items);
    if (items.length >= answer.total || answer.items.length === 0) {
      expect(items).toHaveLength(answer.total);
      return items;
    }
  }
}

const inMonth = { date_from: MONTH.from, date_to: MONTH.to };
const vietnamDay = (instant: string) => formatDate(instant);
/** Whether an instant falls on a day of the month, as read in Vietnam. */
const inTheMonth = (instant: string) => {
  const day = formatDate(instant).split('-').reverse().join('-');
  return day >= MONTH.from && day <= MONTH.to;
};

async function cardTopup(amount: number, decision: 'approved' | 'declined') {
  const api = await customer();
  const request = await api.post('/billing/gen_payment_req_url', {
    method: 'card',
    amount,
    return_url: RETURN_URL,
  });
  expect(request.statusCode, request.body).toBe(200);
  const { reference, url } = request.json() as { reference: string; url: string };
  const gatewayPage = new URL(url);
  const decided = await postSandboxForm(
    app,
    '/sandbox/onepay/decision',
    { reference, decision, locale: 'vi' },
    { page: gatewayPage.pathname + gatewayPage.search },
  );
  expect(decided.statusCode, decided.body).toBe(303);
  // The browser comes back to the portal, which forwards the gateway's signed answer.
  const back = new URL(String(decided.headers.location));
  const forwarded = await api.get(
    '/billing/topup',
    undefined,
    Object.fromEntries(back.searchParams),
  );
  expect(forwarded.statusCode, forwarded.body).toBe(decision === 'approved' ? 200 : 400);
  return reference;
}

async function playTheMonth() {
  // February: web-01 bought; its renewal for March is issued a week before March begins.
  const february = await customer();
  const placed = await february.post('/billing/orders', serverOrderFor({ name: 'web-01' }));
  expect(placed.statusCode, placed.body).toBe(201);
  expect((await february.post(`/billing/orders/${placed.json().id}/pay`)).statusCode).toBe(200);
  await moveTo('2025-02-24T10:00:00');
  const [renewal, ...others] = (
    await getJson<{ items: Invoice[] }>('/billing/invoices', { status: 'open' })
  ).items;
  expect(others).toEqual([]);
  done.renewalCode = renewal!.code;

  // 1 March: the clock passes the due date; the balance pays it.
  await moveTo('2025-03-01T09:00:00');
  const renewed = await getJson<Invoice>(`/billing/invoices/${renewal!.id}`);
  expect(renewed.status).toBe('paid');

  // 3 March: a card is declined, then another approved.
  await moveTo('2025-03-03T14:00:00');
  done.declinedReference = await cardTopup(DECLINED_CARD, 'declined');
  await moveTo('2025-03-03T15:00:00');
  done.cardReference = await cardTopup(CARD_TOPUP, 'approved');

  // 7 March: a bank transfer is asked for; the bank reports it received on the 8th.
  await moveTo('2025-03-07T09:00:00');
  const transfer = await (
    await customer()
  ).post('/billing/gen_payment_req_url', { method: 'bank_transfer', amount: BANK_TRANSFER });
  expect(transfer.statusCode, transfer.body).toBe(200);
  done.bankReference = transfer.json().reference;
  await moveTo('2025-03-08T11:00:00');
  const received = await postSandboxForm(app, '/sandbox/bank-transfer/received', {
    reference: done.bankReference,
    amount: String(BANK_TRANSFER),
  });
  expect(received.statusCode, received.body).toBe(200);

  // 10 March: a gift code.
  await moveTo('2025-03-10T20:00:00');
  const gift = await (await customer()).post('/billing/apply_coupon', { code: GIFT_CODE });
  expect(gift.statusCode, gift.body).toBe(200);
  done.giftCredited = gift.json().amount;

  // 14 March: web-02, paid from the balance with a discount code.
  await moveTo('2025-03-14T16:00:00');
  const march = await customer();
  const order = await march.post('/billing/orders', serverOrderFor({ name: 'web-02', cpu: 4 }));
  expect(order.statusCode, order.body).toBe(201);
  const paid = await march.post(`/billing/orders/${order.json().id}/pay`, {
    coupon_code: DISCOUNT_CODE,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const { amount, discount, total, invoice } = paid.json();
  expect(discount).toBeGreaterThan(0);
  done.orderPayment = { amount, discount, total };
  done.orderInvoiceCode = invoice.code;

  // 25 March: April's renewals are issued; on 1 April the balance pays them, after the month.
  await moveTo('2025-03-25T10:00:00');
  done.aprilRenewalCodes = (
    await getJson<{ items: Invoice[] }>('/billing/invoices', { status: 'open' })
  ).items.map((open) => open.code);
  expect(done.aprilRenewalCodes).toHaveLength(2);
  await moveTo('2025-04-01T09:00:00');
}

/** The text of every page of a PDF as a reader extracts it, white space folded. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return fold(pages.join(' '));
}

const fold = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ');

const render = (text: MessageText, locale: Locale) =>
  renderMessageText(text, (key, params) => translateAny(locale, key, params));

const rowText = (row: LedgerRow): MessageText => ({
  key: row.description_key,
  params: row.description_params,
});

/** The VAT a price that includes 10 % holds, to the dong: total − round(total / 1.1). */
const vatOf = (total: number) => total - Math.round((total * 10) / 11);

/** What the accountant gathers for the month, from the API alone. */
interface Books {
  opening: number;
  rows: LedgerRow[];
  after: LedgerRow[];
  balanceNow: number;
  payments: Payment[];
  invoices: Map<string, Invoice>;
  issuedInMonth: Invoice[];
  paidInvoices: Invoice[];
  creditedAttempts: Attempt[];
  declinedAttempts: Attempt[];
  /** Cancelled, expired and still pending: none moved money. */
  otherAttempts: Attempt[];
}

async function invoiceByCode(code: string): Promise<Invoice> {
  const found = (
    await getJson<{ items: Invoice[] }>('/billing/invoices', { code, per_page: '100' })
  ).items.filter((item) => item.code === code);
  expect(found, code).toHaveLength(1);
  return getJson<Invoice>(`/billing/invoices/${found[0]!.id}`);
}

async function gatherBooks(): Promise<Books> {
  const ascending = { sort: 'created', order: 'asc' };
  const [lastBefore] = (
    await getJson<{ items: LedgerRow[] }>('/billing/balance_adjustments', {
      date_to: '2025-02-28',
      sort: 'created',
      order: 'desc',
      per_page: '1',
    })
  ).items;
  const rows = await everyItem<LedgerRow>('/billing/balance_adjustments', {
    ...ascending,
    ...inMonth,
  });
  const after = await everyItem<LedgerRow>('/billing/balance_adjustments', {
    ...ascending,
    date_from: '2025-04-01',
  });
  const payments = await everyItem<Payment>('/billing/payments', {
    sort: 'date',
    order: 'asc',
    ...inMonth,
  });
  const invoices = new Map<string, Invoice>();
  for (const row of rows.filter((entry) => entry.type === 'payment')) {
    invoices.set(row.reference!, await invoiceByCode(row.reference!));
  }
  const issuedInMonth = await Promise.all(
    (await everyItem<Invoice>('/billing/invoices', { ...ascending, ...inMonth })).map((listed) =>
      getJson<Invoice>(`/billing/invoices/${listed.id}`),
    ),
  );
  const paidInvoices = await everyItem<Invoice>('/billing/invoices', { status: 'paid' });
  const attempts = (status: string) => everyItem<Attempt>('/billing/payment_attempts', { status });
  return {
    opening: lastBefore!.balance_after,
    rows,
    after,
    balanceNow: (await getJson<{ balance: number }>('/auth/user')).balance,
    payments,
    invoices,
    issuedInMonth,
    paidInvoices,
    creditedAttempts: await attempts('credited'),
    declinedAttempts: await attempts('declined'),
    otherAttempts: [
      ...(await attempts('cancelled')),
      ...(await attempts('expired')),
      ...(await attempts('pending')),
    ],
  };
}

let books: Books;

beforeAll(async () => {
  ({ app } = await testApp({ now: testClock(FEBRUARY_10).now }));
  await playTheMonth();
  books = await gatherBooks();
  if (process.env.RECONCILE_REPORT) {
    writeFileSync(process.env.RECONCILE_REPORT, await monthReport(books));
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('one month of demo@example.vn, reconciled from the portal alone', () => {
  it('lists what the month did, each on its day, and nothing from the months around it', () => {
    expect(books.rows.map((row) => [row.type, row.reference])).toEqual([
      ['payment', done.renewalCode],
      ['topup', done.cardReference],
      ['topup', done.bankReference],
      ['coupon', GIFT_CODE],
      ['payment', done.orderInvoiceCode],
    ]);
    for (const row of books.rows) expect(inTheMonth(row.created), row.created).toBe(true);
    // April's renewals were paid on 1 April: after the month, so not in it.
    expect(books.after.map((row) => row.reference).sort()).toEqual(
      [...done.aprilRenewalCodes].sort(),
    );
  });

  it('(a) opens at the balance February closed with, and every row moves it by its amount', () => {
    let balance = books.opening;
    for (const row of books.rows) {
      balance += row.amount;
      expect(row.balance_after, `row ${row.id} (${row.reference})`).toBe(balance);
    }
    const closing = books.rows.at(-1)!.balance_after;
    expect(books.opening + books.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(closing);
    // The chain goes on after the month to the balance the account shows now.
    for (const row of books.after) {
      balance += row.amount;
      expect(row.balance_after).toBe(balance);
    }
    expect(books.balanceNow).toBe(balance);
  });

  it('(b) matches every top-up to one credited payment: reference, amount and day', async () => {
    const topups = books.rows.filter((row) => row.type === 'topup');
    expect(topups.length).toBeGreaterThan(0);
    for (const row of topups) {
      const matches = books.payments.filter((payment) => payment.reference === row.reference);
      expect(matches, `payments for ${row.reference}`).toHaveLength(1);
      const [payment] = matches;
      expect(payment!.amount).toBe(row.amount);
      expect(vietnamDay(payment!.date)).toBe(vietnamDay(row.created));
      expect(payment!.gateway).toBe(row.method);
      // The result page's record of it agrees too, to the balance it left.
      const attempt = await getJson<Attempt>(`/billing/payment_attempts/${row.reference}`);
      expect(attempt).toMatchObject({
        status: 'credited',
        credited_amount: row.amount,
        balance_after: row.balance_after,
      });
      expect(vietnamDay(attempt.settled!)).toBe(vietnamDay(row.created));
    }
    expect(topups.map((row) => row.amount)).toEqual([CARD_TOPUP, BANK_TRANSFER]);
  });

  it('(c) matches every payment to an invoice whose lines, discount, VAT and total make it', () => {
    const debits = books.rows.filter((row) => row.type === 'payment');
    expect(debits.length).toBeGreaterThan(0);
    for (const row of debits) {
      const invoice = books.invoices.get(row.reference!)!;
      expect(invoice.status).toBe('paid');
      expect(invoice.amount_paid).toBe(-row.amount);
      expect(invoice.total).toBe(-row.amount);
      expect(invoice.amount).toBe(invoice.total);
      expect(vietnamDay(invoice.paid_at!)).toBe(vietnamDay(row.created));
      expect(invoice.payment).toMatchObject({ method: 'balance', reference: invoice.code });

      const items = invoice.lines.filter((line) => line.kind === 'item');
      const discounts = invoice.lines.filter((line) => line.kind === 'discount');
      expect(items.length).toBeGreaterThan(0);
      for (const line of items) expect(line.unit_price * line.quantity).toBe(line.amount);
      const price = items.reduce((sum, line) => sum + line.amount, 0);
      const discount = discounts.reduce((sum, line) => sum - line.amount, 0);
      expect(invoice.subtotal).toBe(price);
      expect(invoice.discount).toBe(discount);
      expect(price - discount).toBe(invoice.total);
      expect(invoice.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(-row.amount);
      for (const line of discounts) expect(line.coupon_code).toBe(invoice.payment!.coupon_code);
      expect(invoice.vat).toBe(vatOf(invoice.total));
      expect(invoice.total_before_vat).toBe(invoice.total - invoice.vat);
    }
    // The order's invoice states what paying the order answered.
    const order = books.invoices.get(done.orderInvoiceCode)!;
    expect({ amount: order.subtotal, discount: order.discount, total: order.total }).toEqual(
      done.orderPayment,
    );
    expect(order.payment!.coupon_code).toBe(DISCOUNT_CODE);
  });

  it('(c) bills each service period once: each renewal starts where the paid period ended', () => {
    const paidFor = (invoice: Invoice) => invoice.lines.find((line) => line.kind === 'item')!;
    const renewals = books.issuedInMonth.filter((invoice) =>
      done.aprilRenewalCodes.includes(invoice.code),
    );
    for (const renewal of renewals) {
      const earlier = [...books.invoices.values()].filter(
        (invoice) =>
          invoice.resource_type === renewal.resource_type &&
          invoice.resource_id === renewal.resource_id,
      );
      expect(earlier, renewal.code).toHaveLength(1);
      expect(paidFor(renewal).period_start).toBe(paidFor(earlier[0]!).period_end);
      expect(paidFor(renewal).period_start).toBe(renewal.due_date);
    }
    const marchRenewal = books.invoices.get(done.renewalCode)!;
    expect(paidFor(marchRenewal).period_start).toBe(marchRenewal.due_date);
  });

  it('(d) prints each invoice, in Vietnamese and English, with its code, total, VAT and words', async () => {
    const printed = [...books.invoices.values(), ...books.issuedInMonth];
    for (const invoice of printed) {
      for (const locale of ['vi', 'en'] as const) {
        const pdf = await (
          await customer()
        ).get(`/billing/invoices/${invoice.id}/pdf`, undefined, { lang: locale });
        expect(pdf.statusCode).toBe(200);
        const text = await pdfText(pdf.rawPayload);
        const t = (key: string, params?: Record<string, unknown>) =>
          fold(translateAny(locale, key, params));
        expect(text).toContain(t('invoice_document.title', { code: invoice.code }));
        expect(text).toContain(`${t('invoice_document.total')} ${formatVnd(invoice.total)}`);
        expect(text).toContain(`${t('invoice_document.vat')} ${formatVnd(invoice.vat)}`);
        expect(text).toContain(
          `${t('invoice_document.in_words')}: ${amountInVietnameseWords(invoice.total)}`,
        );
        expect(text).toContain(`${t('invoice_document.issued')}: ${formatDate(invoice.created)}`);
        if (invoice.paid_at) {
          expect(text).toContain(
            `${t('invoice_document.paid_at')}: ${formatDate(invoice.paid_at)}`,
          );
          expect(text).toContain(
            `${t('invoice_document.amount_paid')}: ${formatVnd(invoice.amount_paid)}`,
          );
        }
        for (const line of invoice.lines) {
          expect(text).toContain(fold(render(line.text, locale)));
          expect(text).toContain(formatVnd(line.amount));
          if (line.period_start && line.period_end) {
            // The period's last day is the day before its (exclusive) end.
            const through = formatDate(new Date(Date.parse(line.period_end) - 1));
            expect(text).toContain(
              t('periods.from_through', { start: formatDate(line.period_start), end: through }),
            );
          }
        }
      }
    }
  }, 60_000);

  it('(e) shows nothing else that moved money', () => {
    // Each row is a top-up, an invoice payment or a gift code: no refund, no manual change.
    for (const row of books.rows) expect(['topup', 'payment', 'coupon']).toContain(row.type);
    const gifts = books.rows.filter((row) => row.type === 'coupon');
    expect(gifts.map((row) => [row.reference, row.amount])).toEqual([
      [GIFT_CODE, done.giftCredited],
    ]);

    // Every payment credited in the month is one top-up row, and no reference is booked twice.
    const references = books.rows.map((row) => row.reference);
    expect(new Set(references).size).toBe(references.length);
    expect(books.payments.map((payment) => payment.reference).sort()).toEqual(
      books.rows
        .filter((row) => row.type === 'topup')
        .map((row) => row.reference)
        .sort(),
    );

    // Every invoice paid in the month is one payment row; those paid at other times are not.
    expect(
      books.paidInvoices
        .filter((invoice) => inTheMonth(invoice.paid_at!))
        .map((invoice) => invoice.code)
        .sort(),
    ).toEqual([...books.invoices.keys()].sort());

    // Issued in the month and paid after it: stated, not paid within it, not in its rows.
    const renewalsForApril = books.issuedInMonth.filter((invoice) =>
      done.aprilRenewalCodes.includes(invoice.code),
    );
    expect(renewalsForApril).toHaveLength(done.aprilRenewalCodes.length);
    for (const invoice of renewalsForApril) {
      expect(inTheMonth(invoice.paid_at!)).toBe(false);
      expect(references).not.toContain(invoice.code);
    }

    // The declined card attempt is recorded, and moved nothing.
    expect(books.declinedAttempts.map((attempt) => attempt.reference)).toEqual([
      done.declinedReference,
    ]);
    expect(books.declinedAttempts[0]).toMatchObject({
      amount: DECLINED_CARD,
      credited_amount: null,
      balance_after: null,
    });
    expect(references).not.toContain(done.declinedReference);
    expect(books.otherAttempts).toEqual([]);
    // Every credited attempt is one of the month's payments (the customer's whole history).
    expect(books.creditedAttempts.map((attempt) => attempt.reference).sort()).toEqual(
      books.payments.map((payment) => payment.reference).sort(),
    );
  });

  it('writes every balance-history line in both languages, English without Vietnamese', () => {
    for (const row of books.rows) {
      expect(render(rowText(row), 'vi')).toBe(row.description);
      const english = render(rowText(row), 'en');
      expect(english).not.toBe(row.description);
      expect(english).not.toContain(row.description_key);
      expect(english).not.toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđêềếệểễôồốộổỗơờớợởỡưừứựửữ]/i);
    }
  });
});

/** The month as markdown: the balance history, then the invoices behind its payments. */
async function monthReport(month: Books): Promise<string> {
  const money = (amount: number) => formatVnd(amount).replace(/^-/, '−');
  const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out: string[] = [
    `## Reconciled month: March 2025 (Vietnam time), ${DEMO}`,
    '',
    `Read from the sandbox API with \`date_from=${MONTH.from}&date_to=${MONTH.to}\` ` +
      '(balance history, payments, invoices and their PDFs), by `server/billing/reconciliation.isolated.test.ts`.',
    '',
    `Opening balance (last row before the month): **${money(month.opening)}**`,
    '',
    '| Date | Description (vi) | Description (en) | Reference | Amount | Balance after |',
    '|---|---|---|---|---:|---:|',
  ];
  for (const row of month.rows) {
    out.push(
      `| ${formatDateTime(row.created)} | ${cell(row.description)} | ${cell(
        render(rowText(row), 'en'),
      )} | ${row.reference ?? ''} | ${signed(row.amount)} | ${money(row.balance_after)} |`,
    );
  }
  const sum = month.rows.reduce((total, row) => total + row.amount, 0);
  out.push(
    '',
    `Opening ${money(month.opening)} ${sum >= 0 ? '+' : '−'} month's movements ` +
      `${money(Math.abs(sum))} = closing balance **${money(month.rows.at(-1)!.balance_after)}**.`,
    '',
    '### Top-ups (Payments tab) matched to the history',
    '',
    '| Date | Gateway | Reference | Gateway transaction | Amount |',
    '|---|---|---|---|---:|',
    ...month.payments.map(
      (payment) =>
        `| ${formatDateTime(payment.date)} | ${payment.gateway} | ${payment.reference} | ${
          payment.transaction_id
        } | ${money(payment.amount)} |`,
    ),
    '',
    '### Invoices paid in the month',
  );
  for (const invoice of month.invoices.values()) {
    out.push(
      '',
      `**${invoice.code}**, issued ${formatDate(invoice.created)}, due ${formatDate(
        invoice.due_date,
      )}, paid ${formatDate(invoice.paid_at!)} from the balance` +
        (invoice.payment?.coupon_code ? ` with ${invoice.payment.coupon_code}` : '') +
        ` (reference ${invoice.payment?.reference ?? ''})`,
      '',
      '| Line (vi) | Line (en) | Unit price | Qty | Amount |',
      '|---|---|---:|---:|---:|',
      ...invoice.lines.map(
        (line) =>
          `| ${cell(line.description)} | ${cell(render(line.text, 'en'))} | ${money(
            line.unit_price,
          )} | ${line.quantity} | ${money(line.amount)} |`,
      ),
      `| | Subtotal | | | ${money(invoice.subtotal)} |`,
      `| | Discount | | | ${money(-invoice.discount)} |`,
      `| | Price before VAT | | | ${money(invoice.total_before_vat)} |`,
      `| | VAT (10 %, included) | | | ${money(invoice.vat)} |`,
      `| | **Total (paid)** | | | **${money(invoice.total)}** |`,
      '',
      `Bằng chữ: ${amountInVietnameseWords(invoice.total)}`,
    );
  }
  const openAtClose = month.issuedInMonth.filter((invoice) => !month.invoices.has(invoice.code));
  if (openAtClose.length) {
    out.push(
      '',
      '### Issued in the month, paid after it (no movement in March)',
      '',
      '| Invoice | Issued | Due | Total | VAT | Paid on |',
      '|---|---|---|---:|---:|---|',
      ...openAtClose.map(
        (invoice) =>
          `| ${invoice.code} | ${formatDate(invoice.created)} | ${formatDate(
            invoice.due_date,
          )} | ${money(invoice.total)} | ${money(invoice.vat)} | ${
            invoice.paid_at ? formatDate(invoice.paid_at) : '—'
          } |`,
      ),
    );
  }
  const failed = month.declinedAttempts.map(
    (attempt) =>
      `- ${attempt.reference}: ${attempt.method} ${money(attempt.amount)} ${attempt.status}, nothing credited`,
  );
  if (failed.length) out.push('', '### Attempts that moved no money', '', ...failed);
  return `${out.join('\n')}\n`;
}

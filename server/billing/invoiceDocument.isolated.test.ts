import Database from 'better-sqlite3';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { priceBeforeVat, vatContained } from '../../src/domain/pricing';
import { DEFAULT_LIFE_POLICY } from '../../src/domain/serviceLife';
import { DAY_MS } from '../platform/clock';
import { migrate, type Db } from '../platform/db';
import { toInvoice } from './invoiceDocument';
import { ledgerMismatches } from './ledger';
import { migrations } from '../platform/migrations';
import type { InvoiceRow } from './orderRows';
import { dueRenewals, issueRenewal } from './renewals';
import { seedIfEmpty } from '../sandbox/seed';
import {
  apiAs,
  booksInMemory,
  buyServer,
  signedInSandbox,
  signIn,
  START,
  type Api,
} from '../testing';

/** The text of every page of a PDF, as a PDF reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join(''),
    );
  }
  await pdf.destroy();
  return pages.join('\n');
}

/** Issues the renewal of the account's data volume, as the lifecycle sweep does 25 days on. */
function issueVolumeRenewal(db: Db): number {
  const later = new Date(START.getTime() + 25 * DAY_MS);
  const renewal = dueRenewals(db, later, DEFAULT_LIFE_POLICY).find(
    (due) => due.resourceType === 'volume',
  );
  if (!renewal) throw new Error('no volume renewal is due');
  const id = issueRenewal(db, renewal, later);
  if (id === undefined) throw new Error('the renewal was not issued');
  return id;
}

const invoice = async (api: Api, id: number) => {
  const answer = await api.get(`/billing/invoices/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('the VAT an invoice states', () => {
  it('is worked out to the dong: 3.000 ₫ holds 273 ₫ of VAT', () => {
    expect(priceBeforeVat(3_000)).toBe(2_727);
    expect(vatContained(3_000)).toBe(273);
  });

  it('adds up, to the dong, for every catalogue price and plan', async () => {
    const db = booksInMemory();
    await seedIfEmpty(db, START);
    const prices = [
      ...(db.prepare('SELECT price FROM products').pluck().all() as number[]),
      ...(db
        .prepare(
          `SELECT SUM(pp.quantity * p.price) FROM plan_products pp
             JOIN products p ON p.id = pp.product_id GROUP BY pp.plan_id`,
        )
        .pluck()
        .all() as number[]),
    ];
    expect(prices.length).toBeGreaterThan(10);
    for (const price of prices) {
      for (const months of [1, 3, 6, 12]) {
        const total = price * months;
        const vat = vatContained(total);
        expect(vat + priceBeforeVat(total)).toBe(total);
        // The price before VAT is the dong nearest to total / 1.1.
        expect(Math.abs((total - vat) * 11 - total * 10)).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('an invoice is a document', () => {
  it('keeps the buyer details it was issued with after the invoice info changes', async () => {
    const { app, api } = await signedInSandbox();
    const before = await api.patch('/account/invoice_info', {
      company_name: 'Công ty TNHH Ánh Dương',
      tax_code: '0101234567',
      tax_address: 'Số 1 Phố Huế, Hà Nội',
      billing_address: 'Hộp thư 12, Hà Nội',
    });
    expect(before.statusCode, before.body).toBe(200);
    await buyServer(api);
    const [issued] = (await api.get('/billing/invoices')).json().items as { id: number }[];

    const changed = await api.patch('/account/invoice_info', {
      company_name: 'Công ty Cổ phần Khác',
      tax_code: '0309876543',
      tax_address: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const document = await invoice(api, issued!.id);
    expect(document.buyer).toEqual({
      name: expect.any(String),
      email: 'demo@example.vn',
      company_name: 'Công ty TNHH Ánh Dương',
      tax_code: '0101234567',
      tax_address: 'Số 1 Phố Huế, Hà Nội',
      billing_address: 'Hộp thư 12, Hà Nội',
    });
    expect(document.seller).toEqual({
      name: expect.stringContaining('Công ty'),
      tax_code: expect.stringMatching(/^\d{10}$/),
      address: expect.any(String),
    });
    const pdf = await api.get(`/billing/invoices/${issued!.id}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Công ty TNHH Ánh Dương');
    expect(text).not.toContain('Công ty Cổ phần Khác');
    await app.close();
  });

  it('names the configured seller', async () => {
    const seller = {
      name: 'Công ty Cổ phần Mây Việt',
      tax_code: '0312345678-001',
      address: '12 Đường Nguyễn Huệ, TP. Hồ Chí Minh',
    };
    const { api } = await signedInSandbox({ seller });
    await buyServer(api);
    const [issued] = (await api.get('/billing/invoices')).json().items as { id: number }[];

    expect((await invoice(api, issued!.id)).seller).toEqual(seller);
  });

  it('states an order paid with a coupon as its price, the discount line and what was paid', async () => {
    const { api } = await signedInSandbox();
    const placed = await api.post('/billing/orders', {
      type: 'create_volume',
      interval_count: 1,
      data: { name: 'data-01', size: 60, type: 'SSD', datacenter: 'HN' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`, {
      coupon_code: 'GIAM10',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { amount, discount, total } = paid.json();

    const document = await invoice(api, paid.json().invoice.id);
    expect(document.lines).toEqual([
      expect.objectContaining({ kind: 'item', unit_price: amount, quantity: 1, amount }),
      expect.objectContaining({
        kind: 'discount',
        coupon_code: 'GIAM10',
        amount: -discount,
        description: 'Giảm giá (mã GIAM10)',
      }),
    ]);
    expect(document).toMatchObject({
      subtotal: amount,
      discount,
      total,
      amount: total,
      amount_paid: total,
      vat: vatContained(total),
      total_before_vat: total - vatContained(total),
      payment: { method: 'balance', coupon_code: 'GIAM10', reference: document.code },
    });
  });
});

describe('a renewal paid with GIAM10', () => {
  it('has a discount line and states 216.000 ₫ paid, with the VAT 216.000 ₫ holds', async () => {
    const { api, books } = await signedInSandbox();
    // A 60 GB SSD data volume renews on its own invoice at 60 × 4.000 = 240.000 ₫ a month.
    await buyServer(api, { dataDisks: [{ size: 60, type: 'SSD' }] });
    const id = issueVolumeRenewal(books);
    const open = await invoice(api, id);
    expect(open).toMatchObject({ status: 'open', amount: 240_000, subtotal: 240_000, discount: 0 });
    expect(open.lines).toEqual([
      expect.objectContaining({
        kind: 'item',
        unit_price: 240_000,
        quantity: 1,
        period_months: 1,
        amount: 240_000,
        text: expect.objectContaining({ key: 'invoice_document.line.renewal' }),
        description: expect.stringMatching(
          /^.+-data-1: gia hạn 1 tháng \(từ \d\d-\d\d-\d{4} đến hết/,
        ),
      }),
    ]);
    expect(open.payment).toBeNull();

    const paid = await api.post(`/billing/invoices/${id}/pay`, { coupon_code: 'GIAM10' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ amount: 240_000, discount: 24_000, total: 216_000 });

    const document = await invoice(api, id);
    expect(document).toMatchObject({
      status: 'paid',
      amount: 216_000,
      subtotal: 240_000,
      discount: 24_000,
      total: 216_000,
      vat: 19_636,
      total_before_vat: 196_364,
      amount_paid: 216_000,
      payment: { method: 'balance', coupon_code: 'GIAM10', reference: document.code },
    });
    expect(document.lines.map((line: { kind: string; amount: number }) => line.amount)).toEqual([
      240_000, -24_000,
    ]);
    const ledger = (await api.get('/billing/balance_adjustments')).json().items as {
      amount: number;
      reference: string;
    }[];
    expect(ledger.find((row) => row.reference === document.code)?.amount).toBe(-216_000);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('prints the Vietnamese words, the total, the VAT and the seller in the PDF, in both languages', async () => {
    const { api, books } = await signedInSandbox();
    await buyServer(api, { dataDisks: [{ size: 60, type: 'SSD' }] });
    const id = issueVolumeRenewal(books);
    expect(
      (await api.post(`/billing/invoices/${id}/pay`, { coupon_code: 'GIAM10' })).statusCode,
    ).toBe(200);
    const { code, seller } = await invoice(api, id);

    const vietnamese = await api.get(`/billing/invoices/${id}/pdf`);
    expect(vietnamese.statusCode).toBe(200);
    expect(vietnamese.headers['content-type']).toBe('application/pdf');
    expect(vietnamese.headers['content-disposition']).toBe(`attachment; filename="${code}.pdf"`);
    expect(vietnamese.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(vietnamese.rawPayload);
    expect(text).toContain(`Hoá đơn ${code}`);
    expect(text).toContain('Bằng chữ: Hai trăm mười sáu nghìn đồng');
    expect(text).toContain('216.000 ₫');
    expect(text).toContain('19.636 ₫');
    expect(text).toContain('Giảm giá (mã GIAM10)');
    expect(text).toContain(seller.tax_code);
    expect(text).toContain(seller.name);
    expect(text).toContain(`mã tham chiếu ${code}`);

    const english = await pdfText(
      (await api.get(`/billing/invoices/${id}/pdf`, undefined, { lang: 'en' })).rawPayload,
    );
    expect(english).toContain(`Invoice ${code}`);
    expect(english).toContain('Amount in words (Vietnamese): Hai trăm mười sáu nghìn đồng');
    expect(english).toContain('Discount (code GIAM10)');
    expect(english).toContain('-data-1: 1-month renewal');
  });

  it("answers 404 for another account's invoice PDF", async () => {
    const { app, books } = await signedInSandbox();
    const theirs = books
      .prepare(`SELECT id FROM invoices WHERE user_id <> (SELECT id FROM users WHERE email = ?)`)
      .pluck()
      .get('demo@example.vn') as number;
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));

    const answer = await api.get(`/billing/invoices/${theirs}/pdf`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBeTruthy();
  });
});

describe('invoices issued before invoices were documents', () => {
  it('get their lines, their discount and the parties from the migration', () => {
    const db = new Database(':memory:');
    onTestFinished(() => void db.close());
    const before = migrations.findIndex((step) => step.name === 'invoice_documents');
    migrate(db, migrations.slice(0, before));
    const at = '2025-03-01T08:00:00.000Z';
    db.prepare(
      `INSERT INTO users (id, email, password_hash, fullname, phone, balance, created_at)
       VALUES (1, 'old@example.vn', 'x', 'Lê Văn Cũ', '+84912345678', 0, ?)`,
    ).run(at);
    db.prepare(
      `INSERT INTO invoice_info (user_id, company_name, tax_code, updated_at)
       VALUES (1, 'Công ty Cũ', '0101234567', ?)`,
    ).run(at);
    const invoice = db.prepare(
      `INSERT INTO invoices (id, user_id, status, amount, created_at, due_date, paid_at,
         description, order_id)
       VALUES (?, 1, 'paid', ?, ?, ?, ?, ?, ?)`,
    );
    // A renewal paid with GIAM10 (216.000 ₫ taken) and an order paid with a coupon.
    invoice.run(1, 240_000, at, at, at, 'web-01: gia hạn 1 tháng', null);
    invoice.run(2, 130_000, at, at, at, 'data-01: 60 GB SSD', null);
    db.prepare(
      `INSERT INTO orders (id, user_id, type, status, info, amount, interval_count, data,
         invoice_id, created_at, paid_at, expiry)
       VALUES (1, 1, 'create_volume', 'paid', 'data-01: 60 GB SSD', 150000, 1, '{}', 2, ?, ?, ?)`,
    ).run(at, at, '2025-03-31T17:00:00.000Z');
    db.prepare('UPDATE invoices SET order_id = 1 WHERE id = 2').run();
    db.prepare(
      `INSERT INTO balance_adjustments (user_id, type, method, amount, balance_after, description,
         reference, created_at)
       VALUES (1, 'payment', 'balance', -216000, 0, 'web-01', 'INV-2025-000001', ?)`,
    ).run(at);

    migrate(db, migrations);

    const read = (id: number) =>
      toInvoice(db, db.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as InvoiceRow);
    const renewal = read(1);
    expect(renewal).toMatchObject({ amount: 216_000, subtotal: 240_000, discount: 24_000 });
    expect(renewal.lines.map((line) => [line.kind, line.amount, line.description])).toEqual([
      ['item', 240_000, 'web-01: gia hạn 1 tháng'],
      ['discount', -24_000, 'Giảm giá'],
    ]);
    expect(renewal.buyer).toMatchObject({ name: 'Lê Văn Cũ', company_name: 'Công ty Cũ' });
    expect(renewal.seller.tax_code).toMatch(/^\d{10}$/);
    const order = read(2);
    expect(order).toMatchObject({ amount: 130_000, subtotal: 150_000, discount: 20_000 });
    expect(order.lines[0]).toMatchObject({
      unit_price: 150_000,
      period_months: 1,
      period_end: '2025-03-31T17:00:00.000Z',
    });
  });
});

/**
 * An invoice as an A4 PDF (GET /billing/invoices/{id}/pdf), drawn with PDFKit from the invoice's
 * own document (billing/invoiceDocument.ts), in Vietnamese or English. The text is set in Roboto
 * from the @expo-google-fonts/roboto package: its TrueType files hold every Vietnamese letter, and
 * PDFKit embeds the subset used with a Unicode map, so the PDF's text can be searched and copied
 * with its diacritics. The total is also written in Vietnamese words, whatever the language.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { components } from '../../src/api/schema';
import type { Locale } from '../../src/domain/constants';
import { formatDate } from '../../src/domain/dates';
import { lineDescription, linePeriod, paymentText } from '../../src/domain/invoiceText';
import { formatVnd } from '../../src/domain/money';
import { amountInVietnameseWords } from '../../src/domain/vietnameseWords';
import { translateAny } from '../platform/i18n';

type Invoice = components['schemas']['Invoice'];

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf'),
};

const MARGIN = 50;
const A4_WIDTH = 595.28;
const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;

/** The table's columns: their share of the width, in order. */
const COLUMNS = [
  { key: 'index', width: 28, align: 'left' },
  { key: 'description', width: 170, align: 'left' },
  { key: 'period', width: 105, align: 'left' },
  { key: 'unit_price', width: 72, align: 'right' },
  { key: 'quantity', width: 28, align: 'right' },
  { key: 'amount', width: CONTENT_WIDTH - 28 - 170 - 105 - 72 - 28, align: 'right' },
] as const;

/** The PDF of an invoice, in `locale`. */
export function invoicePdf(invoice: Invoice, locale: Locale): Promise<Buffer> {
  const t = (key: string, params?: Record<string, unknown>) =>
    translateAny(locale, key, params).normalize('NFC');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: t('invoice_document.title', { code: invoice.code }),
      Author: invoice.seller.name,
    },
    lang: locale,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('bold')
    .fontSize(18)
    .text(t('invoice_document.title', { code: invoice.code }));
  doc.moveDown(0.5);
  drawDates(doc, invoice, t);
  doc.moveDown();
  drawParties(doc, invoice, t);
  doc.moveDown();
  drawLines(doc, invoice, t);
  doc.moveDown();
  drawTotals(doc, invoice, t);
  doc.end();
  return done;
}

type T = (key: string, params?: Record<string, unknown>) => string;

function drawDates(doc: PDFKit.PDFDocument, invoice: Invoice, t: T): void {
  const dates = [
    `${t('invoice_document.issued')}: ${formatDate(invoice.created)}`,
    `${t('invoice_document.due')}: ${formatDate(invoice.due_date)}`,
  ];
  if (invoice.paid_at)
    dates.push(`${t('invoice_document.paid_at')}: ${formatDate(invoice.paid_at)}`);
  doc.font('regular').fontSize(10).text(dates.join('   ·   '));
}

function drawParties(doc: PDFKit.PDFDocument, invoice: Invoice, t: T): void {
  const top = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  const { seller, buyer } = invoice;
  const sellerLines: [string, string][] = [
    ['', seller.name],
    [t('invoice_document.tax_code'), seller.tax_code],
    [t('invoice_document.address'), seller.address],
  ];
  const buyerLines: [string, string | null][] = [
    [t('invoice_document.name'), buyer.name],
    [t('invoice_document.email'), buyer.email],
    [t('invoice_document.company_name'), buyer.company_name],
    [t('invoice_document.tax_code'), buyer.tax_code],
    [t('invoice_document.tax_address'), buyer.tax_address],
    [t('invoice_document.billing_address'), buyer.billing_address],
  ];
  const block = (x: number, title: string, lines: [string, string | null][]) => {
    doc.font('bold').fontSize(11).text(title, x, top, { width: half });
    doc.font('regular').fontSize(10);
    for (const [label, value] of lines) {
      if (!value) continue;
      doc.text(label ? `${label}: ${value}` : value, x, doc.y, { width: half });
    }
    return doc.y;
  };
  const sellerEnd = block(MARGIN, t('invoice_document.seller'), sellerLines);
  const buyerEnd = block(MARGIN + half + 20, t('invoice_document.buyer'), buyerLines);
  doc.x = MARGIN;
  doc.y = Math.max(sellerEnd, buyerEnd);
}

function drawLines(doc: PDFKit.PDFDocument, invoice: Invoice, t: T): void {
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    const heights = COLUMNS.map((column, index) =>
      doc.heightOfString(cells[index] ?? '', { width: column.width - 4 }),
    );
    const height = Math.max(...heights) + 6;
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    COLUMNS.forEach((column, index) => {
      doc.text(cells[index] ?? '', x + 2, top + 3, {
        width: column.width - 4,
        align: column.align,
      });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  row(
    COLUMNS.map((column) => t(`invoice_document.columns.${column.key}`)),
    'bold',
  );
  invoice.lines.forEach((line, index) =>
    row(
      [
        String(index + 1),
        lineDescription(line, t),
        linePeriod(line, t),
        formatVnd(line.unit_price),
        String(line.quantity),
        formatVnd(line.amount),
      ],
      'regular',
    ),
  );
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: Invoice, t: T): void {
  const totals: [string, number, boolean][] = [
    [t('invoice_document.subtotal'), invoice.subtotal, false],
  ];
  if (invoice.discount > 0) totals.push([t('invoice_document.discount'), -invoice.discount, false]);
  totals.push(
    [t('invoice_document.total_before_vat'), invoice.total_before_vat, false],
    [t('invoice_document.vat'), invoice.vat, false],
    [t('invoice_document.total'), invoice.total, true],
  );
  const labelWidth = CONTENT_WIDTH - 110;
  for (const [label, value, strong] of totals) {
    const top = doc.y;
    doc.font(strong ? 'bold' : 'regular').fontSize(10);
    doc.text(label, MARGIN, top, { width: labelWidth, align: 'right' });
    doc.text(formatVnd(value), MARGIN + labelWidth, top, { width: 110, align: 'right' });
    doc.x = MARGIN;
  }
  doc.moveDown(0.5);
  doc
    .font('bold')
    .text(`${t('invoice_document.in_words')}: `, MARGIN, doc.y, { continued: true })
    .font('regular')
    .text(amountInVietnameseWords(invoice.total).normalize('NFC'));
  doc.moveDown(0.5);
  const paid = invoice.payment
    ? `${t('invoice_document.amount_paid')}: ${formatVnd(invoice.amount_paid)} (${paymentText(invoice.payment, t)})`
    : `${t('invoice_document.amount_paid')}: ${formatVnd(0)} (${t('invoice_document.not_paid')})`;
  doc.text(paid);
  doc.moveDown(0.5);
  doc.fontSize(9).fillColor('#555555').text(t('invoice_document.prices_include_vat'));
}

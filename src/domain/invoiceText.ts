/**
 * How an invoice document words its lines' periods and its payment, the same on the portal's
 * invoice page and in the sandbox's PDF (in the reader's language, through `translate`).
 */
import { renderMessageText, type MessageText } from './messageText';
import { periodDays, type Translate } from './periods';
import { vietnamMonthStartAfter } from './vietnamTime';

export interface InvoiceLineText {
  text: MessageText;
  period_months: number | null;
  period_start: string | null;
  period_end: string | null;
}

export interface InvoicePaymentText {
  method: 'balance';
  coupon_code: string | null;
  reference: string;
}

/** The line's description in the reader's language. */
export const lineDescription = (line: Pick<InvoiceLineText, 'text'>, translate: Translate) =>
  renderMessageText(line.text, translate);

/**
 * "3 tháng, từ 01-12-2026 đến hết 28-02-2027"; empty for a line that pays for no period. The
 * months are named only for a period of whole months: a new resource's first period runs from the
 * order's day to the end of a month, and "1 tháng" for 17 days would mislead; its dates say it.
 */
export function linePeriod(line: InvoiceLineText, translate: Translate): string {
  const parts: string[] = [];
  if (line.period_months !== null && startsAMonth(line.period_start)) {
    parts.push(translate('invoice_document.months', { months: line.period_months }));
  }
  if (line.period_start !== null && line.period_end !== null) {
    parts.push(translate('periods.from_through', periodDays(line.period_start, line.period_end)));
  }
  return parts.join(', ');
}

function startsAMonth(start: string | null): boolean {
  if (start === null) return true;
  const instant = new Date(start);
  return vietnamMonthStartAfter(instant, 0).getTime() === instant.getTime();
}

/** How a paid invoice was paid, with the balance history's reference. */
export function paymentText(payment: InvoicePaymentText, translate: Translate): string {
  return payment.coupon_code
    ? translate('invoice_document.paid_from_balance_with_coupon', {
        code: payment.coupon_code,
        reference: payment.reference,
      })
    : translate('invoice_document.paid_from_balance', { reference: payment.reference });
}

/**
 * The one sentence every price of a new order or a change says, so the plans, the create form,
 * a resize, an IP purchase and the order page all read alike: what is paid now covers from today
 * (dates shown) to the end of this month plus whole months, then the monthly price applies —
 * "Thanh toán lần đầu 7.084.000 ₫: từ hôm nay 23-11-2026 đến hết 31-10-2027 (phần còn lại của
 * tháng này + 11 tháng) — sau đó 630.000 ₫/tháng". The period is the one `quote()` prices
 * (spec §9): the rest of the start's Vietnam month, prorated, plus whole months up to `end`.
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { serverNow } from '../api/serverClock';
import { formatDate } from '../domain/dates';
import type { Calculation } from '../dataProvider/dataProvider';
import { formatVnd } from '../domain/money';
import { sayPeriod, sayPeriodLength, type Translate } from '../domain/periods';
import { DAY_MS, DEFAULT_LIFE_POLICY, renewalDueDate } from '../domain/serviceLife';

export interface FirstPayment {
  /** What is paid now, in dong. */
  amount: number;
  /** Where the paid period starts (the quote's `period_start`, an order's creation). */
  start: string | Date;
  /** Where it ends: a Vietnam month start (the quote's `period_end`, an order's `expiry`). */
  end: string | Date;
  /** What it costs a month afterwards; left out where it is not known. */
  monthly?: number;
  /** A change to a running resource (resize, more IPs): its monthly price is added to the rest. */
  change?: boolean;
}

/**
 * A price the API worked out (`POST /billing/calculation`) as a payment: its lines' unit prices
 * times their quantities are what it adds a month.
 */
export function calculatedPayment(calculation: Calculation, change: boolean): FirstPayment {
  return {
    amount: calculation.total,
    start: calculation.period_start,
    end: calculation.period_end,
    monthly: calculation.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0),
    change,
  };
}

export function firstPaymentText(
  translate: Translate,
  payment: FirstPayment,
  now: Date = serverNow(),
): string {
  const period = sayPeriod(translate, payment.start, payment.end, { today: now });
  const months = sayPeriodLength(translate, payment.start, payment.end, now);
  const lead = translate(payment.change ? 'first_payment.lead_change' : 'first_payment.lead_new', {
    amount: formatVnd(payment.amount),
  });
  // An end that is no month start (none of the prices' own) is said by its dates alone.
  const sentence =
    months === undefined
      ? translate('first_payment.sentence_dates', { lead, period })
      : translate('first_payment.sentence', { lead, period, months });
  if (payment.monthly === undefined) return sentence;
  const then = translate(
    payment.change ? 'first_payment.then_more_monthly' : 'first_payment.then_monthly',
    { monthly: formatVnd(payment.monthly) },
  );
  return translate('first_payment.with_then', { sentence, then });
}

/**
 * What paying sets off at once when the paid period ends within the renewal notice (the last
 * days of a month, src/domain/serviceLife.ts): a new resource's next renewal invoice is issued
 * right after the payment, so the unpaid amount the header shows next is no surprise; a change
 * re-prices the renewal already out. Undefined otherwise.
 */
export function renewalSoonText(
  translate: Translate,
  payment: FirstPayment,
  now: Date = serverNow(),
): string | undefined {
  const end = new Date(payment.end);
  const left = end.getTime() - now.getTime();
  const days = DEFAULT_LIFE_POLICY.renewalNoticeDays;
  if (left <= 0 || left > days * DAY_MS) return undefined;
  if (payment.change)
    return translate('first_payment.renewal_soon_change', { start: formatDate(end) });
  const due = formatDate(renewalDueDate(end));
  if (payment.monthly === undefined) {
    return translate('first_payment.renewal_soon_new_unpriced', { days, due });
  }
  return translate('first_payment.renewal_soon_new', {
    days,
    monthly: formatVnd(payment.monthly),
    due,
  });
}

export function FirstPaymentNote({
  payment,
  sayRenewal = true,
  ...typography
}: {
  payment: FirstPayment;
  /** Off where the note only compares prices (the plans' cards), not where a customer pays. */
  sayRenewal?: boolean;
} & Omit<TypographyProps, 'children'>) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" data-testid="first-payment" {...typography}>
        {firstPaymentText(translate, payment)}
      </Typography>
      {sayRenewal ? <RenewalSoonNote payment={payment} color={typography.color} /> : null}
    </>
  );
}

/** `renewalSoonText` as a paragraph of its own; nothing when it has nothing to say. */
export function RenewalSoonNote({
  payment,
  ...typography
}: { payment: FirstPayment } & Omit<TypographyProps, 'children'>) {
  const translate = useTranslate();
  const renewal = renewalSoonText(translate, payment);
  if (!renewal) return null;
  return (
    <Typography variant="body2" data-testid="renewal-soon" {...typography}>
      {renewal}
    </Typography>
  );
}

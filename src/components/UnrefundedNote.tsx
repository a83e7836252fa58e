/**
 * The one sentence every delete dialog says about money (server, volume, snapshot, extra IP), so
 * the customer knows before confirming what the unused part of the paid period is worth and that
 * it is not given back: "Phần đã thanh toán còn lại đến hết 30-06-2025 (khoảng 520.000 ₫) sẽ
 * không được hoàn lại." — or, with nothing left, "Không có khoản nào được hoàn lại."
 *
 * Deleting does not refund (src/domain/serviceLife.ts): a refund at list price could turn a
 * coupon discount into balance. The amount is the API's `unused_prepaid_amount`, the date the last
 * day of the paid period (its `expiry` is an exclusive end, so the day before it).
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { serverNow } from '../api/serverClock';
import { formatVnd } from '../domain/money';
import { lastDayPaid, type Translate } from '../domain/periods';
import { vietnamMonthStartAfter } from '../domain/vietnamTime';

export interface Unrefunded {
  /** What the whole days left of the paid period are worth (`unused_prepaid_amount`). */
  amount: number;
  /** The paid period's exclusive end (an `expiry`); null when it is not known. */
  paidUntil: string | Date | null;
}

/** A snapshot is charged to the end of the current (Vietnam) month: its period ends there. */
export function snapshotPaidUntil(now: Date = serverNow()): Date {
  return vietnamMonthStartAfter(now, 1);
}

export function unrefundedText(translate: Translate, { amount, paidUntil }: Unrefunded): string {
  if (!(amount > 0)) return translate('unrefunded.none');
  const money = formatVnd(amount);
  return paidUntil
    ? translate('unrefunded.amount_through', { end: lastDayPaid(paidUntil), amount: money })
    : translate('unrefunded.amount', { amount: money });
}

export function UnrefundedNote({
  amount,
  paidUntil,
  ...typography
}: Unrefunded & Omit<TypographyProps, 'children'>) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" data-testid="unrefunded-note" {...typography}>
      {unrefundedText(translate, { amount, paidUntil })}
    </Typography>
  );
}

/** Prices as the sandbox applies them, on top of src/domain/pricing. */
import type { components } from '../src/api/schema';
import {
  quote,
  vatContained,
  vietnamMonthStartAfter,
  type IntervalCount,
  type Quote,
} from '../src/domain/pricing';
import type { ServerSize } from '../src/domain/serverRules';
import { productByCode, toOrderLines, type ProductRow } from './catalog';
import type { Db } from './db';

type Calculation = components['schemas']['Calculation'];
type OrderType = components['schemas']['OrderType'];

export interface ResolvedLine {
  product: ProductRow;
  quantity: number;
}

/** A new resource: the rest of this month plus interval − 1 whole months (the domain's quote). */
export function quoteNew(
  lines: readonly ResolvedLine[],
  interval: IntervalCount,
  now: Date,
): Quote {
  return quote(toOrderLines(lines), interval, now);
}

/** Vietnam-time months from the one holding `now` to `end` (a month start), at least 1. */
export function monthsUntil(now: Date, end: Date): number {
  let months = 1;
  while (months < 120 && vietnamMonthStartAfter(now, months).getTime() < end.getTime()) months += 1;
  return months;
}

/**
 * A change to an existing resource, for the rest of its period (ending at `end`, a Vietnam month
 * start): the rest of this month as the domain's quote prices it, plus the whole months after.
 * That is what `quote(lines, months, now)` gives, but quote only takes the order intervals 1, 3,
 * 6 and 12, and a period's remainder can be any number of months. (Exact because every unit price
 * is a whole number of thousands, so whole months need no rounding.)
 */
export function quoteUntil(
  lines: readonly ResolvedLine[],
  end: Date,
  interval: IntervalCount,
  now: Date,
): Quote {
  const extraMonths = monthsUntil(now, end) - 1;
  const thisMonth = quote(toOrderLines(lines), 1, now);
  const priced = thisMonth.lines.map((line) => ({
    ...line,
    months: line.months + extraMonths,
    amount: line.amount + extraMonths * line.unit_price * line.quantity,
  }));
  const total = priced.reduce((sum, line) => sum + line.amount, 0);
  const vat = vatContained(total);
  return {
    interval_count: interval,
    lines: priced,
    subtotal: total - vat,
    vat,
    total,
    period_start: thisMonth.period_start,
    period_end: end.toISOString(),
  };
}

/**
 * What a resize adds: one line per resource that grows, for the growth only. Shrinking CPU or RAM
 * is not refunded, so the difference is never negative.
 */
export function resizeLines(
  db: Db,
  current: ServerSize & { disk_type: 'SSD' | 'HDD' },
  next: ServerSize,
): ResolvedLine[] {
  const steps: [string, number, number][] = [
    ['cpu', current.cpu, next.cpu],
    ['ram', current.ram, next.ram],
    [current.disk_type === 'SSD' ? 'volume_ssd' : 'volume_hdd', current.disk, next.disk],
  ];
  return steps
    .filter(([, from, to]) => to > from)
    .map(([code, from, to]) => ({ product: requireProduct(db, code), quantity: to - from }));
}

export function requireProduct(db: Db, code: string): ProductRow {
  const product = productByCode(db, code);
  if (!product) throw new Error(`The catalog has no product ${code}`);
  return product;
}

export function toCalculation(action: OrderType, result: Quote): Calculation {
  return { action, ...result };
}

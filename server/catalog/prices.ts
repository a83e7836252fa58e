/** Prices as the sandbox applies them, on top of src/domain/pricing. */
import type { components } from '../../src/api/schema';
import {
  quote,
  quoteUntil as quoteForPeriod,
  type IntervalCount,
  type Quote,
} from '../../src/domain/pricing';
import type { ServerSize } from '../../src/domain/serverRules';
import { productByCode, toOrderLines, type ProductRow } from './catalog';
import type { Db } from '../platform/db';

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

/** A change to an existing resource, for the rest of its period (the domain's quoteUntil). */
export function quoteUntil(
  lines: readonly ResolvedLine[],
  end: Date,
  interval: IntervalCount,
  now: Date,
): Quote {
  return quoteForPeriod(toOrderLines(lines), end, interval, now);
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

/**
 * Prices, one implementation for the portal and the sandbox (spec §9): unit prices are per month
 * and include 10 % VAT; an order covers the rest of the current month, prorated by the hours left
 * in it in Vietnam time (UTC+7), plus interval − 1 whole months; every line is rounded to the
 * nearest 1000 dong (half up) and the total is the sum of the lines, so what the customer sees is
 * what the order, the invoice and the balance show, to the dong.
 */
import { VAT_RATE } from './constants';
import { vietnamMonthStartAfter } from './vietnamTime';

export const INTERVAL_COUNTS = [1, 3, 6, 12] as const;
export type IntervalCount = (typeof INTERVAL_COUNTS)[number];

const HOUR_MS = 60 * 60 * 1000;

export function isIntervalCount(value: unknown): value is IntervalCount {
  return (INTERVAL_COUNTS as readonly unknown[]).includes(value);
}

/** numerator / denominator rounded to the nearest 1000, halves up; exact for whole numbers. */
export function roundToThousand(numerator: number, denominator = 1): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError('roundToThousand takes whole numbers and a positive denominator');
  }
  return Math.floor((numerator + 500 * denominator) / (1000 * denominator)) * 1000;
}

/** The Vietnam-time calendar month that contains an instant, as UTC instants of its bounds. */
export function vietnamMonthOf(now: Date): { start: Date; end: Date } {
  return { start: vietnamMonthStartAfter(now, 0), end: vietnamMonthStartAfter(now, 1) };
}

export { vietnamMonthStartAfter };
// What a payment covers is said by src/domain/periods.ts, the one place periods are worded.
export { coveredPeriod, monthsUntil, sameVietnamMonth, type CoveredPeriod } from './periods';

/**
 * Hours left in the current month (a started hour counts as a whole one) over the hours in it
 * (days × 24).
 */
export function monthRemaining(now: Date): { hoursLeft: number; hoursInMonth: number } {
  const { start, end } = vietnamMonthOf(now);
  const hoursInMonth = Math.round((end.getTime() - start.getTime()) / HOUR_MS);
  const hoursLeft = Math.ceil((end.getTime() - now.getTime()) / HOUR_MS);
  return { hoursLeft, hoursInMonth };
}

/**
 * The months a period from `now` to `end` is charged, as an exact fraction: every Vietnam month
 * it touches counts the hours it covers (a started hour as a whole one) over the hours in that
 * month (days × 24). A period from the middle of April to the 27th of June is 15 of April's 30
 * days, May whole, and 26 of June's 30 days; to a month start it is the rest of this month plus
 * whole months.
 */
export function monthsCovered(now: Date, end: Date): { numerator: number; denominator: number } {
  let numerator = 0;
  let denominator = 1;
  let monthStart = vietnamMonthStartAfter(now, 0);
  for (let count = 0; count < 1200 && monthStart.getTime() < end.getTime(); count += 1) {
    const nextStart = vietnamMonthStartAfter(monthStart, 1);
    const hoursInMonth = Math.round((nextStart.getTime() - monthStart.getTime()) / HOUR_MS);
    const from = Math.max(monthStart.getTime(), now.getTime());
    const to = Math.min(nextStart.getTime(), end.getTime());
    const hours = Math.ceil((to - from) / HOUR_MS);
    if (hours >= hoursInMonth) {
      numerator += denominator;
    } else {
      numerator = numerator * hoursInMonth + hours * denominator;
      denominator *= hoursInMonth;
      const common = greatestCommonDivisor(numerator, denominator);
      numerator /= common;
      denominator /= common;
    }
    monthStart = nextStart;
  }
  return { numerator, denominator };
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** `monthlyAmount` for the months from `now` to `end` (monthsCovered), rounded to 1000. */
function amountCovering(monthlyAmount: number, now: Date, end: Date): number {
  const { numerator, denominator } = monthsCovered(now, end);
  const charged = monthlyAmount * numerator;
  if (!Number.isSafeInteger(charged)) throw new RangeError('amount beyond whole-number precision');
  return roundToThousand(charged, denominator);
}

/**
 * What `months` calendar months of `monthlyAmount` cost from `now` — the rest of this month plus
 * months − 1 whole ones — rounded to 1000. Orders use an interval (1, 3, 6, 12).
 */
export function proratedAmount(monthlyAmount: number, months: number, now: Date): number {
  return amountCovering(monthlyAmount, now, vietnamMonthStartAfter(now, months));
}

export interface PricedProduct {
  id: number;
  name: string;
  code: string;
  /** Per unit per month, VAT included. */
  price: number;
}

export interface OrderLine {
  product: PricedProduct;
  quantity: number;
}

export interface PricedLine {
  product_id: number;
  name: string;
  quantity: number;
  unit_price: number;
  months: number;
  amount: number;
}

export interface Quote {
  interval_count: IntervalCount;
  lines: PricedLine[];
  /** The total without the VAT it contains. */
  subtotal: number;
  /** The VAT contained in the total, to the dong (vatContained). */
  vat: number;
  total: number;
  period_start: string;
  period_end: string;
}

/**
 * The VAT a VAT-inclusive amount contains, to the dong, as the law reads it: the price before VAT
 * is the total divided by 1.1, rounded to the dong (halves up), and the VAT is the rest, so the
 * two always add up to the total (3.000 ₫ = 2.727 + 273).
 */
export function vatContained(total: number): number {
  return total - priceBeforeVat(total);
}

/** A VAT-inclusive amount without its VAT: total × 10 / 11 rounded to the dong, halves up. */
export function priceBeforeVat(total: number): number {
  if (!Number.isSafeInteger(total)) throw new RangeError('priceBeforeVat takes whole dong');
  const rateTenths = Math.round(VAT_RATE * 10); // 1 for 10 %
  const denominator = 10 + rateTenths;
  // round(total × 10 / 11) in whole numbers: floor((2 × total × 10 + 11) / 22).
  return Math.floor((2 * total * 10 + denominator) / (2 * denominator));
}

/** A new order for `interval` months from `now`. */
export function quote(lines: readonly OrderLine[], interval: IntervalCount, now: Date): Quote {
  return quoteBetween(lines, vietnamMonthStartAfter(now, interval), interval, now);
}

/**
 * A change to a resource whose paid period runs to `end`: the hours left of this month, the whole
 * months between, and the hours of `end`'s own month before it when the period ends mid-month
 * (a renewal keeps its day: a server first paid to the 27th renews to the 27th), so the change
 * and the next renewal never both charge a day. An `end` already passed is the end of this month.
 * `interval` is the resource's billing interval.
 */
export function quoteUntil(
  lines: readonly OrderLine[],
  end: Date,
  interval: IntervalCount,
  now: Date,
): Quote {
  const until = end.getTime() > now.getTime() ? end : vietnamMonthStartAfter(now, 1);
  return quoteBetween(lines, until, interval, now);
}

function quoteBetween(
  lines: readonly OrderLine[],
  end: Date,
  interval: IntervalCount,
  now: Date,
): Quote {
  const { numerator, denominator } = monthsCovered(now, end);
  const months = Math.round((numerator / denominator) * 10000) / 10000;
  const priced = lines.map(({ product, quantity }) => ({
    product_id: product.id,
    name: product.name,
    quantity,
    unit_price: product.price,
    months,
    amount: amountCovering(product.price * quantity, now, end),
  }));
  return quoteOf(priced, interval, now, end);
}

/**
 * Paying a resource's period ahead (the `renew` order): its products' monthly prices for `months`
 * whole months from `start`, the end of its paid period, to `end` — no proration, as a renewal
 * invoice charges (the plan price, monthly × months).
 */
export function quoteRenewal(
  lines: readonly OrderLine[],
  months: IntervalCount,
  start: Date,
  end: Date,
): Quote {
  const priced = lines.map(({ product, quantity }) => ({
    product_id: product.id,
    name: product.name,
    quantity,
    unit_price: product.price,
    months,
    amount: product.price * quantity * months,
  }));
  return quoteOf(priced, months, start, end);
}

function quoteOf(priced: PricedLine[], interval: IntervalCount, start: Date, end: Date): Quote {
  const total = priced.reduce((sum, line) => sum + line.amount, 0);
  const vat = vatContained(total);
  return {
    interval_count: interval,
    lines: priced,
    subtotal: total - vat,
    vat,
    total,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
  };
}

export interface Discount {
  discount_type: 'percent' | 'amount';
  /** A percentage (1–100) or dong. */
  value: number;
  /** Cap in dong for percentage coupons; null for none. */
  max_discount: number | null;
}

/**
 * A coupon takes a percentage (rounded to 1000, capped) or a fixed amount off, never more than
 * the amount itself.
 */
export function applyDiscount(
  amount: number,
  coupon: Discount | null,
): { discount: number; total: number } {
  if (!coupon) return { discount: 0, total: amount };
  let discount =
    coupon.discount_type === 'percent' ? roundToThousand(amount * coupon.value, 100) : coupon.value;
  if (coupon.discount_type === 'percent' && coupon.max_discount !== null) {
    discount = Math.min(discount, coupon.max_discount);
  }
  discount = Math.min(amount, discount);
  return { discount, total: amount - discount };
}

/**
 * What one address of a server costs a month, as the customer pays it: an extra address at the
 * price it was bought at; the primary IPv4 at the catalog's IPv4 price (`ipv4Price`), because a
 * server's order charges a `wan_ipv4_1` line for it (serverOrder.ts `resourceProductLines`) and
 * its monthly price and renewals count it. It is billed with the server, never on its own.
 */
export function addressMonthlyPrice(
  address: { primary: boolean; price: number },
  ipv4Price: number,
): number {
  return address.primary ? ipv4Price : address.price;
}

/** Whole dong to US dollars at a rate of dong per dollar, to the cent. */
export function toUsd(amount: number, dongPerDollar: number): number {
  return Math.round((amount / dongPerDollar) * 100) / 100;
}

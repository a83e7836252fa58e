/**
 * The kinds of order (create_server, resize_server, buy_ip, create_volume, …): how each is priced
 * and placed, and the work its payment does. Billing runs the orders — prices, the pending order,
 * paying it in one transaction — but what an order makes lives in the areas above billing
 * (compute, storage); imports only go down (docs/architecture.md), so those areas describe their
 * kinds and the composition (server/handlers.ts `connectAreas`) registers them here.
 */
import type { components } from '../../src/api/schema';
import type { IntervalCount, Quote } from '../../src/domain/pricing';
import type { UserRow } from '../auth/userRows';
import type { ResolvedLine } from '../catalog/prices';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import type { ClientInfo, HandlerContext, OperationId, RequestBodyOf } from '../platform/handler';
import type { Translate } from '../platform/i18n';
import type { OrderRow } from './orderRows';

type OrderType = components['schemas']['OrderType'];
type Ip = components['schemas']['Ip'];

/** What pricing and placing an order may use of the request. */
export type OrderDeskContext = Pick<
  HandlerContext<OperationId>,
  'db' | 'now' | 'userId' | 'locale' | 't' | 'serverQuota'
>;

/** The createOrder request: one of the order types with its data. */
export type OrderRequest = RequestBodyOf<'createOrder'>;

/** What the work of a paid order may use. */
export interface Services {
  db: Db;
  buildSeconds: number;
  t: Translate;
  /** The customer's request that pays, for the activity log (absent for the provider's timers). */
  client?: ClientInfo;
}

/** What a paid order changed: the resource its invoice names, and any addresses it added. */
export interface DoneWork {
  resource: { type: 'server' | 'volume' | 'snapshot'; id: number };
  ips: Ip[];
}

export interface OrderKind {
  /**
   * calculatePrice of a change to an existing resource (`referenceId`); the create_* orders are
   * priced by billing itself, for their interval. `interval`: the request's interval_count.
   */
  quote?: (
    ctx: OrderDeskContext,
    lines: readonly ResolvedLine[],
    referenceId: number | undefined,
    now: Date,
    interval?: IntervalCount,
  ) => Quote;
  /** createOrder: checks the request and inserts the pending order, in one transaction. */
  place: (ctx: OrderDeskContext, user: UserRow, body: OrderRequest, now: Date) => OrderRow;
  /** Does the work of the order being paid, inside the paying transaction. */
  fulfil: (services: Services, order: OrderRow, now: Date) => DoneWork;
  /**
   * 400 "order_stale" when what the order was priced from has changed in a way `priced_from`
   * (pricedState.ts) does not see; checked when the order is previewed or paid.
   */
  requirePriceHolds?: (db: Db, order: OrderRow) => void;
}

export type OrderKinds = Partial<Record<OrderType, OrderKind>>;

const kinds = new Map<OrderType, OrderKind>();

export function registerOrderKinds(entries: OrderKinds): void {
  for (const [type, kind] of Object.entries(entries) as [OrderType, OrderKind][]) {
    kinds.set(type, kind);
  }
}

/** The registered kind of `type`; 501 for a type the sandbox does not sell. */
export function orderKind(type: OrderType): OrderKind {
  if (kinds.size === 0) throw new Error('No order kinds: call connectAreas() first');
  const kind = kinds.get(type);
  if (!kind) throw new ApiError(501, 'server.not_implemented');
  return kind;
}

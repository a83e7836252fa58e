/**
 * The orders that buy volumes: create_volume (a new volume for an interval, optionally attached to
 * a server) and extend_volume (the growth, for the rest of the volume's paid period). Placing one
 * checks and prices it; paying it (billing/orders.ts) checks again inside the paying transaction
 * and does the work, so an order paid late cannot shrink a volume or attach it twice.
 */
import type { components } from '../../src/api/schema';
import type { IntervalCount } from '../../src/domain/pricing';
import { paidPeriodEnd, validateVolumeExtend } from '../../src/domain/volumeRules';
import { findDatacenter } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, badRequest, notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import type { CreateVolumeWork, ExtendVolumeWork, NewOrder, OrderRow } from '../billing/orderRows';
import { changePricedUntil } from '../billing/pricedState';
import { quoteNew, quoteUntil, requireProduct } from '../catalog/prices';
import { accountServer, requireIdle, type ServerRow } from '../compute/servers';
import {
  accountVolume,
  insertVolume,
  requireFreeVolumeName,
  requireVolumeIdle,
  startVolumeTask,
  volumeMonthlyPrice,
  volumeProductCode,
  type VolumeWithServer,
} from './volumes';

type CreateVolumeRequest = components['schemas']['CreateVolumeRequest'];

const DEFAULT_DATACENTER = 'HN';

/** A server a volume may be attached to: the account's (404), idle, in the volume's datacenter. */
export function requireAttachableServer(
  db: Db,
  userId: number,
  serverId: number,
  datacenter: string | undefined,
  now: Date,
  t: Translate,
  field = 'server_id',
): ServerRow {
  const server = accountServer(db, userId, serverId);
  requireIdle(server, now, t, ['active', 'shutoff']);
  if (datacenter !== undefined && server.datacenter !== datacenter) {
    throw new ApiError(
      400,
      'server.volume_other_datacenter',
      {},
      { [field]: 'server.volume_other_datacenter' },
    );
  }
  return server;
}

/**
 * A create_volume order: a free name (409), the server to attach to (404/400, see above) and a
 * datacenter that exists (404), priced for `interval` months from now.
 */
export function createVolumeOrder(
  db: Db,
  userId: number,
  data: CreateVolumeRequest,
  interval: IntervalCount,
  now: Date,
  t: Translate,
  fieldPrefix = '',
): NewOrder {
  requireFreeVolumeName(db, userId, data.name, `${fieldPrefix}name`);
  const server =
    data.server_id === undefined
      ? undefined
      : requireAttachableServer(
          db,
          userId,
          data.server_id,
          data.datacenter,
          now,
          t,
          `${fieldPrefix}server_id`,
        );
  const datacenter = data.datacenter ?? server?.datacenter ?? DEFAULT_DATACENTER;
  if (!findDatacenter(db, datacenter)) throw notFound('server.datacenter_not_found');
  const product = requireProduct(db, volumeProductCode(data.type));
  const priced = quoteNew([{ product, quantity: data.size }], interval, now);
  const work: CreateVolumeWork = {
    name: data.name,
    size: data.size,
    type: data.type,
    datacenter,
    server_id: server?.id ?? null,
  };
  return {
    userId,
    type: 'create_volume',
    info: `${data.name}: ${data.size} GB ${data.type}`,
    amount: priced.total,
    interval,
    resourceId: null,
    newConfig: null,
    newSize: data.size,
    expiry: priced.period_end,
    work,
  };
}

/** 400 naming `field` when the new size does not exceed the current one (spec §5: no shrink). */
export function requireGrowth(volume: { size: number }, size: number, field: string): void {
  const problem = validateVolumeExtend(volume.size, size);
  if (problem) throw new ApiError(400, problem as MessageKey, {}, { [field]: problem });
}

/** An extend_volume order: the growth for the rest of the volume's paid period. */
export function extendVolumeOrder(
  db: Db,
  volume: VolumeWithServer,
  size: number,
  now: Date,
  t: Translate,
  field = 'size',
): NewOrder {
  requireVolumeIdle(volume, now, t, ['available', 'in_use']);
  requireGrowth(volume, size, field);
  const product = requireProduct(db, volumeProductCode(volume.type));
  // The end of its paid period (a renewal invoice already out is issued again at the new size);
  // refused on a trial's volume (billing/pricedState.ts).
  const end = paidPeriodEnd(changePricedUntil(db, 'volume', volume, now), now);
  const priced = quoteUntil(
    [{ product, quantity: size - volume.size }],
    end,
    volume.interval_count,
    now,
  );
  const work: ExtendVolumeWork = { volume_id: volume.id, size };
  return {
    userId: volume.user_id,
    type: 'extend_volume',
    info: `${volume.name}: ${volume.size} GB → ${size} GB ${volume.type}`,
    amount: priced.total,
    interval: volume.interval_count,
    resourceId: volume.id,
    newConfig: null,
    newSize: size,
    expiry: end.toISOString(),
    work,
    priced: { type: 'volume', id: volume.id },
  };
}

/** Paying a create_volume order: the checks again, then the volume. Answers its id. */
export function createPaidVolume(
  db: Db,
  order: OrderRow,
  now: Date,
  t: Translate,
  buildSeconds: number,
): number {
  const work = JSON.parse(order.data) as CreateVolumeWork;
  if (work.server_id !== null) {
    requireAttachableServer(db, order.user_id, work.server_id, work.datacenter, now, t);
  }
  return insertVolume(
    db,
    {
      userId: order.user_id,
      name: work.name,
      size: work.size,
      type: work.type,
      datacenter: work.datacenter,
      serverId: work.server_id,
      interval: order.interval_count,
      expiry: order.expiry ?? now.toISOString(),
      task: 'create',
    },
    now,
    buildSeconds,
  ).id;
}

/** Paying an extend_volume order: the volume must still be idle and smaller. Answers its id. */
export function extendPaidVolume(
  db: Db,
  order: OrderRow,
  now: Date,
  t: Translate,
  buildSeconds: number,
): number {
  const work = JSON.parse(order.data) as ExtendVolumeWork;
  const volume = accountVolume(db, order.user_id, work.volume_id);
  requireVolumeIdle(volume, now, t, ['available', 'in_use']);
  if (work.size <= volume.size) throw badRequest('validation.volume_extend_smaller');
  startVolumeTask(
    db,
    volume,
    'extend',
    { size: work.size, price: volumeMonthlyPrice(db, work.size, volume.type) },
    now,
    buildSeconds,
  );
  return volume.id;
}

/**
 * `POST /billing/calculation` for extend_volume: `products` give the new size in the volume's own
 * disk product (as a resize's give the new configuration); the answer prices the growth as the
 * extend_volume order will.
 */
export function quoteVolumeExtension(
  db: Db,
  userId: number,
  referenceId: number | undefined,
  lines: readonly { product: { code: string; name: string }; quantity: number }[],
  now: Date,
  t: Translate,
) {
  if (referenceId === undefined) {
    throw new ApiError(
      400,
      'server.volume_reference_required',
      {},
      { reference_id: 'server.field.required' },
    );
  }
  const volume = accountVolume(db, userId, referenceId);
  const code = volumeProductCode(volume.type);
  const stray = lines.find((line) => line.product.code !== code);
  if (stray) throw badRequest('server.product_not_for_action', { name: stray.product.name });
  const size = lines.reduce((sum, line) => sum + line.quantity, 0);
  const order = extendVolumeOrder(db, volume, size, now, t, 'products');
  const product = requireProduct(db, code);
  return quoteUntil(
    [{ product, quantity: size - volume.size }],
    new Date(order.expiry),
    volume.interval_count,
    now,
  );
}

type VolumeOrderRequest =
  components['schemas']['CreateVolumeOrder'] | components['schemas']['ExtendVolumeOrder'];

/** `POST /billing/orders` for a volume: the pending order (in the caller's transaction). */
export function placeVolumeOrder(
  db: Db,
  userId: number,
  body: VolumeOrderRequest,
  now: Date,
  t: Translate,
): NewOrder {
  if (body.type === 'create_volume') {
    return createVolumeOrder(db, userId, body.data, body.interval_count, now, t, 'data.');
  }
  const volume = accountVolume(db, userId, body.data.volume_id);
  return extendVolumeOrder(db, volume, body.data.size, now, t, 'data.size');
}

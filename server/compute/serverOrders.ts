/**
 * The server's kinds of order (billing/orderKinds.ts): create_server, resize_server and buy_ip —
 * how each is priced and placed, and what paying it does to the server.
 */
import type { components } from '../../src/api/schema';
import { vietnamMonthStartAfter, type IntervalCount } from '../../src/domain/pricing';
import { parseProductLine, resourceProductLines } from '../../src/domain/serverOrder';
import {
  diskFitsImage,
  imageAllowsSshKeys,
  SERVER_LIMITS,
  validateResize,
  validateServerName,
  type ServerSize,
} from '../../src/domain/serverRules';
import { rejectInvalidFields, signedInUser } from '../auth/guards';
import type { UserRow } from '../auth/userRows';
import { findUserById } from '../auth/users';
import { callerOf, recordBy } from '../auth/activity';
import type {
  DoneWork,
  OrderDeskContext,
  OrderKinds,
  OrderRequest,
  Services,
} from '../billing/orderKinds';
import type {
  BuyIpWork,
  CreateServerWork,
  NewOrder,
  OrderRow,
  ResizeWork,
} from '../billing/orderRows';
import { insertOrder, pendingIpCount, pendingServerNames } from '../billing/orders';
import { changePricedUntil } from '../billing/pricedState';
import {
  findDatacenter,
  findImage,
  imageLicenseLines,
  licenseProductIds,
  resolveProductLines,
  unitsByProduct,
  type ImageRow,
} from '../catalog/catalog';
import {
  quoteNew,
  quoteUntil,
  requireProduct,
  resizeLines,
  type ResolvedLine,
} from '../catalog/prices';
import type { Db } from '../platform/db';
import { ApiError, badRequest, notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import { mailServerPassword } from './serverMails';
import { recordRootPassword } from './consoleRootPasswords';
import { installServerKeys, orderedKeyNames } from './serverKeys';
import {
  accountServer,
  accountServers,
  addIps,
  countIps,
  createServer,
  generateServerPassword,
  requireIdle,
  requireIpRoom,
  settleServers,
  startTask,
  type ServerRow,
} from './servers';

type CreateServerOrder = components['schemas']['CreateServerOrder'];
type ProductLine = components['schemas']['ProductLine'];
type Ip = components['schemas']['Ip'];

/** The kinds of order that make or change a server. */
export const serverOrderKinds = {
  create_server: {
    place: (ctx, user, body, now) => {
      if (body.type !== 'create_server') throw new ApiError(501, 'server.not_implemented');
      return placeServerOrder(ctx, user, body, now);
    },
    fulfil: fulfilCreateServer,
  },
  resize_server: {
    quote: (ctx, lines, referenceId, now) => {
      const server = referencedServer(ctx, referenceId);
      const next = resizedConfig(server, lines);
      const growth = resizeLines(ctx.db, server, next);
      return quoteUntil(growth, changePeriodEnd(ctx.db, server, now), server.interval_count, now);
    },
    place: (ctx, user, body, now) => {
      if (body.type !== 'resize_server') throw new ApiError(501, 'server.not_implemented');
      const { db } = ctx;
      const { server_id: serverId, ...next } = body.data;
      return db.transaction(() => {
        settleServers(db, now);
        const server = accountServer(db, user.id, serverId);
        return insertOrder(
          db,
          resizeOrder(db, server, next, now, (f) => `data.${f}`),
          now,
        );
      })();
    },
    fulfil: fulfilResize,
  },
  buy_ip: {
    quote: (ctx, lines, referenceId, now) => {
      const server = referencedServer(ctx, referenceId);
      onlyProducts(lines, ['wan_ipv4', 'wan_ipv6']);
      return quoteUntil(lines, changePeriodEnd(ctx.db, server, now), server.interval_count, now);
    },
    place: (ctx, user, body, now) => {
      if (body.type !== 'buy_ip') throw new ApiError(501, 'server.not_implemented');
      const { db } = ctx;
      const { server_id: serverId, version, quantity } = body.data;
      return db.transaction(() => {
        settleServers(db, now);
        const server = accountServer(db, user.id, serverId);
        return insertOrder(db, buyIpOrder(db, server, version, quantity, now, ctx.t), now);
      })();
    },
    fulfil: fulfilBuyIp,
  },
} satisfies OrderKinds;

const serverDone = (serverId: number, ips: Ip[] = []): DoneWork => ({
  resource: { type: 'server', id: serverId },
  ips,
});

/** Builds the paid server (its data disks are storage's: storage/storageOrders.ts). */
function fulfilCreateServer(services: Services, order: OrderRow, now: Date): DoneWork {
  const { db, buildSeconds } = services;
  const work = JSON.parse(order.data) as CreateServerWork;
  const server = createServer(
    db,
    {
      userId: order.user_id,
      name: work.name,
      cpu: work.cpu,
      ram: work.ram,
      disk: work.disk,
      diskType: work.disk_type,
      imageId: work.image_id,
      datacenter: work.datacenter,
      keyName: work.key_name,
      interval: order.interval_count,
      expiry: order.expiry ?? now.toISOString(),
      extraIpv4: work.extra_ipv4,
      ipv6: work.ipv6,
    },
    now,
    buildSeconds,
  );
  installServerKeys(db, server.id, work.key_names ?? orderedKeyNames(work.key_name));
  recordBy(db, order.user_id, 'server_created', now, callerOf(services), { server: work.name });
  const user = findUserById(db, order.user_id);
  if (work.password && user) {
    const password = generateServerPassword();
    // The simulated server keeps its hash, for the web console's sign-in (issue 19).
    recordRootPassword(db, server.id, password, now);
    mailServerPassword(
      db,
      user,
      { name: work.name, address: server.primaryAddress },
      password,
      now,
    );
  }
  return serverDone(server.id);
}

function fulfilResize(services: Services, order: OrderRow, now: Date): DoneWork {
  const { db, t, buildSeconds } = services;
  const work = JSON.parse(order.data) as ResizeWork;
  const server = accountServer(db, order.user_id, work.server_id);
  requireIdle(server, now, t, ['active', 'shutoff']);
  const next = { cpu: work.cpu, ram: work.ram, disk: work.disk };
  const problem = validateResize(server, next);
  if (problem) throw badRequest(problem as MessageKey);
  db.prepare('UPDATE servers SET cpu = ?, ram = ?, disk = ? WHERE id = ?').run(
    next.cpu,
    next.ram,
    next.disk,
    server.id,
  );
  startTask(db, server.id, 'resize', now, buildSeconds);
  const change = { server: server.name, cpu: next.cpu, ram: next.ram, disk: next.disk };
  recordBy(db, order.user_id, 'server_resized', now, callerOf(services), change);
  return serverDone(server.id);
}

function fulfilBuyIp(services: Services, order: OrderRow, now: Date): DoneWork {
  const { db, t } = services;
  const work = JSON.parse(order.data) as BuyIpWork;
  const server = accountServer(db, order.user_id, work.server_id);
  requireIdle(server, now, t, [
    'active',
    'shutoff',
    'rebooting',
    'resizing',
    'rebuilding',
    'error',
  ]);
  // Paying cannot answer 409; the order reserved the room when it was placed.
  requireIpRoom(countIps(db, server.id), work.quantity, 400);
  return serverDone(server.id, addIps(db, server.id, work.version, work.quantity, now));
}

export const describeConfig = (size: ServerSize, diskType: string) =>
  `${size.cpu} CPU, ${size.ram} GB RAM, ${size.disk} GB ${diskType}`;

const quotaExceeded = () => new ApiError(409, 'server.quota_exceeded');

/**
 * A resize_server order for a server of the account: the growth for the rest of the server's
 * period. 400 when the domain refuses the change, 409 past the limits of SERVER_LIMITS.
 */
export function resizeOrder(
  db: Db,
  server: ServerRow,
  next: ServerSize,
  now: Date,
  field: (name: string) => string = (name) => name,
): NewOrder {
  const problem = validateResize(server, next);
  if (problem) {
    const name = problem === 'validation.resize_smaller_disk' ? field('disk') : field('cpu');
    throw new ApiError(400, problem as MessageKey, {}, { [name]: problem });
  }
  if (
    next.cpu > SERVER_LIMITS.cpu.max ||
    next.ram > SERVER_LIMITS.ram.max ||
    next.disk > SERVER_LIMITS.disk.max
  ) {
    throw quotaExceeded();
  }
  const expiry = changePeriodEnd(db, server, now);
  const priced = quoteUntil(resizeLines(db, server, next), expiry, server.interval_count, now);
  const work: ResizeWork = { server_id: server.id, ...next };
  return {
    userId: server.user_id,
    type: 'resize_server',
    info: `${server.name}: ${describeConfig(server, server.disk_type)} → ${describeConfig(next, server.disk_type)}`,
    amount: priced.total,
    interval: server.interval_count,
    resourceId: server.id,
    newConfig: next,
    expiry: expiry.toISOString(),
    work,
    priced: { type: 'server', id: server.id },
  };
}

/** A buy_ip order: the addresses for the rest of the server's period; 409 past 20 addresses. */
export function buyIpOrder(
  db: Db,
  server: ServerRow,
  version: 'ipv4' | 'ipv6',
  quantity: number,
  now: Date,
  t: Translate,
): NewOrder {
  requireIdle(server, now, t, [
    'active',
    'shutoff',
    'rebooting',
    'resizing',
    'rebuilding',
    'error',
  ]);
  requireIpRoom(countIps(db, server.id) + pendingIpCount(db, server.id), quantity);
  const product = requireProduct(db, version === 'ipv4' ? 'wan_ipv4' : 'wan_ipv6');
  const expiry = changePeriodEnd(db, server, now);
  const priced = quoteUntil([{ product, quantity }], expiry, server.interval_count, now);
  const work: BuyIpWork = { server_id: server.id, version, quantity };
  return {
    userId: server.user_id,
    type: 'buy_ip',
    info: `${server.name}: +${quantity} ${version === 'ipv4' ? 'IPv4' : 'IPv6'}`,
    amount: priced.total,
    interval: server.interval_count,
    resourceId: server.id,
    newConfig: null,
    expiry: expiry.toISOString(),
    work,
    priced: { type: 'server', id: server.id },
  };
}

/**
 * The end of the server's paid period. The sandbox does not renew yet, so a server past its
 * period is taken to run month by month: a change is priced to the end of this month.
 */
export function periodEnd(server: Pick<ServerRow, 'expiry'>, now: Date): Date {
  const expiry = server.expiry ? new Date(server.expiry) : undefined;
  return expiry && expiry.getTime() > now.getTime() ? expiry : vietnamMonthStartAfter(now, 1);
}

/**
 * Where a change to the server is priced to: the end of its paid period (a renewal invoice
 * already out is issued again at the new size); refused on a trial's server
 * (billing/pricedState.ts).
 */
function changePeriodEnd(db: Db, server: ServerRow, now: Date): Date {
  return periodEnd({ expiry: changePricedUntil(db, 'server', server, now) }, now);
}

function referencedServer(ctx: OrderDeskContext, referenceId?: number) {
  if (referenceId === undefined) {
    throw new ApiError(
      400,
      'server.reference_required',
      {},
      {
        reference_id: 'server.field.required',
      },
    );
  }
  settleServers(ctx.db, ctx.now());
  return accountServer(ctx.db, signedInUser(ctx).id, referenceId);
}

function onlyProducts(lines: readonly ResolvedLine[], codes: readonly string[]): void {
  const stray = lines.find((line) => !codes.includes(line.product.code));
  if (stray) throw badRequest('server.product_not_for_action', { name: stray.product.name });
}

/** The configuration `products` describe for a resize; resources they leave out stay as they are. */
function resizedConfig(
  server: { cpu: number; ram: number; disk: number; disk_type: 'SSD' | 'HDD' },
  lines: readonly ResolvedLine[],
) {
  const diskCode = server.disk_type === 'SSD' ? 'volume_ssd' : 'volume_hdd';
  onlyProducts(lines, ['cpu', 'ram', diskCode]);
  const units = (code: string, current: number) => {
    const matching = lines.filter((line) => line.product.code === code);
    return matching.length ? matching.reduce((sum, line) => sum + line.quantity, 0) : current;
  };
  return {
    cpu: units('cpu', server.cpu),
    ram: units('ram', server.ram),
    disk: units(diskCode, server.disk),
  };
}

/**
 * A create_server order: the domain's rules on `data` (400), an image that exists (404),
 * `products` that agree with `data` (400), a datacenter and key that exist (404), a disk and a
 * sign-in the image accepts (400), then in one transaction a free name and a free slot of the
 * quota (409): pending create orders hold both, so paying never needs a 409. It is priced from
 * lines the sandbox builds itself: the resources `data` describes, its extras, and the image's
 * licence (which follows the image, whatever the request lists).
 */
function placeServerOrder(
  ctx: OrderDeskContext,
  user: UserRow,
  body: CreateServerOrder & OrderRequest,
  now: Date,
): OrderRow {
  const { db } = ctx;
  const { data, products } = body;
  const interval: IntervalCount = body.interval_count;
  const cpu = data.cpu.quantity;
  const ram = data.ram.quantity;
  const disk = data.rootdisk.size;
  const keyNames = orderedKeyNames(data.key_name, data.key_names);
  rejectInvalidFields({
    'data.name': validateServerName(data.name),
    'data.flavor_name':
      data.flavor_name !== undefined && data.flavor_name !== `${cpu}c_${ram}g`
        ? 'server.flavor_mismatch'
        : undefined,
    'data.password':
      keyNames.length === 0 && data.password !== true ? 'server.server_needs_access' : undefined,
  });
  if (cpu > SERVER_LIMITS.cpu.max || ram > SERVER_LIMITS.ram.max || disk > SERVER_LIMITS.disk.max) {
    throw new ApiError(409, 'server.quota_exceeded');
  }
  const extraIpv4 = data.ipv4?.quantity ?? 0;
  const ipv6 = data.ipv6?.quantity ?? 0;
  const image = findImage(db, data.os);
  if (!image) throw notFound('server.image_not_found');
  // Licence lines follow the image: the ones the request lists are neither checked nor charged.
  const licenses = licenseProductIds(db);
  const withoutLicenses = (resolved: readonly ResolvedLine[]) =>
    resolved.filter((line) => !licenses.has(line.product.id));
  const lines = withoutLicenses(resolveProductLines(db, products));
  const extras = withoutLicenses(
    resolveProductLines(db, data.extra_products ?? [], 'data.extra_products'),
  );
  const datadisks = (data.datadisks ?? []).map(({ size, type }) => ({ size, type }));
  const resources = serverResourceLines(db, data);
  if (
    !sameUnits(unitsByProduct(lines), unitsByProduct([...resources, ...extras])) ||
    !sizedDisksFit(products, [data.rootdisk, ...datadisks])
  ) {
    throw new ApiError(
      400,
      'server.products_mismatch',
      {},
      { products: 'server.products_mismatch' },
    );
  }
  if (!findDatacenter(db, data.datacenter)) throw notFound('server.datacenter_not_found');
  if (data.key_name && !hasSshKey(db, user.id, data.key_name)) {
    throw notFound('server.ssh_key_not_found');
  }
  // Several keys (our extension): each must be one of the caller's own.
  if (keyNames.some((name) => !hasSshKey(db, user.id, name))) {
    throw new ApiError(
      404,
      'server.ssh_key_not_found',
      {},
      { 'data.key_names': 'server.ssh_key_not_found' },
    );
  }
  refuseWhatImageForbids(image, disk, keyNames[0] ?? null);
  const license = imageLicenseLines(db, image);
  const charged = [...resources, ...extras, ...license];
  const work: CreateServerWork = {
    name: data.name,
    image_id: image.id,
    datacenter: data.datacenter,
    key_name: keyNames[0] ?? null,
    key_names: keyNames,
    password: data.password === true,
    cpu,
    ram,
    disk,
    disk_type: data.rootdisk.type,
    extra_ipv4: extraIpv4,
    ipv6,
    datadisks,
    // Checked by storage (storage/storageOrders.ts `fromSnapshot`); priced as any new server.
    ...(data.snapshot_id !== undefined && { snapshot_id: data.snapshot_id }),
  };
  const extrasInfo = [
    ...datadisks.map((disk) => `+${disk.size} GB ${disk.type}`),
    ...(extraIpv4 ? [`+${extraIpv4} IPv4`] : []),
    ...(ipv6 ? [`${ipv6} IPv6`] : []),
    ...[...extras, ...license].map((line) => `${line.quantity} × ${line.product.name}`),
  ];
  return db.transaction(() => {
    settleServers(db, now);
    const servers = accountServers(db, user.id);
    const pending = pendingServerNames(db, user.id);
    const taken = [...servers.map((server) => server.name), ...pending];
    if (taken.some((name) => name.toLowerCase() === data.name.toLowerCase())) {
      throw new ApiError(409, 'server.name_taken', {}, { 'data.name': 'server.name_taken' });
    }
    if (servers.length + pending.length >= ctx.serverQuota) {
      throw new ApiError(409, 'server.quota_exceeded');
    }
    requireIpRoom(1, extraIpv4 + ipv6);
    const priced = quoteNew(charged, interval, now);
    const order: NewOrder = {
      userId: user.id,
      type: 'create_server',
      info: [
        `${data.name}: ${describeConfig({ cpu, ram, disk }, data.rootdisk.type)}`,
        ...extrasInfo,
      ].join(', '),
      amount: priced.total,
      interval,
      resourceId: null,
      newConfig: { cpu, ram, disk },
      expiry: priced.period_end,
      work,
    };
    return insertOrder(db, order, now);
  })();
}

/**
 * The lines of what the server in `data` is made of (the primary IPv4 included): the domain's
 * product lines for it, as the portal builds them.
 */
function serverResourceLines(db: Db, data: CreateServerOrder['data']): ResolvedLine[] {
  const lines = resourceProductLines({
    cpu: data.cpu.quantity,
    ram: data.ram.quantity,
    disk: data.rootdisk.size,
    diskType: data.rootdisk.type,
    dataDisks: data.datadisks ?? [],
    extraIpv4: data.ipv4?.quantity ?? 0,
    ipv6Count: data.ipv6?.quantity ?? 0,
  });
  return resolveProductLines(db, lines);
}

/** 400 for a root disk below the image's minimum, or an SSH key for a password-only image. */
function refuseWhatImageForbids(image: ImageRow, disk: number, keyName: string | null): void {
  const requirements = { min_disk: image.min_disk, ssh_keys_allowed: image.ssh_keys_allowed === 1 };
  if (!diskFitsImage(disk, requirements)) {
    const params = { image: image.name, min: image.min_disk };
    throw new ApiError(400, 'server.image_needs_disk', params, {
      'data.rootdisk.size': 'server.image_needs_disk',
    });
  }
  if (keyName && !imageAllowsSshKeys(requirements)) {
    throw new ApiError(
      400,
      'server.image_password_only',
      { image: image.name },
      { 'data.key_name': 'server.image_password_only' },
    );
  }
}

const diskProduct = (type: 'SSD' | 'HDD') => (type === 'SSD' ? 'volume_ssd' : 'volume_hdd');

/**
 * Each disk the products name by its size (`volume_hdd_100gb`; quantity 2 is two such disks) is
 * one of the server's disks, the root disk or a data disk; disks priced by the gigabyte
 * (`volume_hdd`) are only checked by their units.
 */
function sizedDisksFit(
  products: readonly ProductLine[],
  disks: readonly { size: number; type: 'SSD' | 'HDD' }[],
): boolean {
  const left = disks.map((disk) => `${diskProduct(disk.type)}_${disk.size}`);
  for (const line of products) {
    const sized = typeof line.id_or_name === 'string' ? parseProductLine(line.id_or_name) : null;
    if (!sized?.code.startsWith('volume_')) continue;
    for (let count = 0; count < line.quantity; count += 1) {
      const at = left.indexOf(`${sized.code}_${sized.units}`);
      if (at < 0) return false;
      left.splice(at, 1);
    }
  }
  return true;
}

function sameUnits(a: Map<number, number>, b: Map<number, number>): boolean {
  return a.size === b.size && [...a].every(([id, count]) => b.get(id) === count);
}

function hasSshKey(db: Db, userId: number, name: string): boolean {
  return (
    db.prepare('SELECT 1 FROM ssh_keys WHERE user_id = ? AND name = ?').get(userId, name) !==
    undefined
  );
}

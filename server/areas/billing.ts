/**
 * The `billing` area: prices, orders paid from the balance, coupons to check and to redeem, the
 * invoices paying issues (and paying open ones) and the balance ledger. Top-ups are in the
 * payments area.
 */
import type { components } from '../../src/api/schema';
import { groupThousands } from '../../src/domain/money';
import { applyDiscount, type IntervalCount } from '../../src/domain/pricing';
import { parseProductLine, resourceProductLines } from '../../src/domain/serverOrder';
import {
  diskFitsImage,
  imageAllowsSshKeys,
  SERVER_LIMITS,
  validateServerName,
} from '../../src/domain/serverRules';
import {
  findDatacenter,
  findImage,
  imageLicenseLines,
  licenseProductIds,
  resolveProductLines,
  unitsByProduct,
  usableCoupon,
  type ImageRow,
} from '../catalog';
import type { Db } from '../db';
import { checkCreditCoupon, redeemCreditCoupon } from '../coupons';
import { ApiError, badRequest, notFound } from '../errors';
import { rejectInvalidFields, requireActionAllowed, pageOf, signedInUser } from '../guards';
import { FileAnswer, type HandlerContext, type HandlerTable, type OperationId } from '../handler';
import { invoicePdf } from '../invoicePdf';
import { payOpenInvoice } from '../invoices';
import { toBalanceAdjustment, type AdjustmentRow } from '../ledger';
import { invoiceCode } from '../orderRows';
import { dateRangeOf, dateRangeSql, orderByClause } from '../listQuery';
import {
  accountInvoice,
  accountOrder,
  buyIpOrder,
  describeConfig,
  insertOrder,
  orderPayment,
  payPendingOrder,
  pendingServerNames,
  periodEnd,
  requirePending,
  resizeOrder,
  toOrder,
} from '../orders';
import {
  INVOICE_CODE_SQL,
  type CreateServerWork,
  type InvoiceRow,
  type NewOrder,
  type OrderRow,
} from '../orderRows';
import { toInvoice } from '../invoiceDocument';
import { quoteNew, quoteUntil, resizeLines, toCalculation, type ResolvedLine } from '../prices';
import { accountServer, accountServers, requireIpRoom, settleServers } from '../servers';
import { snapshotOrder } from '../snapshots';
import { placeVolumeOrder, quoteVolumeExtension } from '../volumeOrders';
import type { UserRow } from '../userRows';

type CreateServerOrder = components['schemas']['CreateServerOrder'];

/** The billing lists' sorts (our extension): the contract's name → the column it sorts by. */
const LIST_SORTS = { created: 'created_at', amount: 'amount' } as const;
type ProductLine = components['schemas']['ProductLine'];

export const billingHandlers: HandlerTable = {
  calculatePrice: (ctx) => {
    signedInUser(ctx);
    const { action, products, reference_id: referenceId } = ctx.body;
    const interval = ctx.body.interval_count ?? 1;
    const now = ctx.now();
    const lines = resolveProductLines(ctx.db, products);
    switch (action) {
      case 'create_server':
      case 'create_volume':
      case 'create_snapshot':
        return toCalculation(action, quoteNew(lines, interval, now));
      case 'resize_server': {
        const server = referencedServer(ctx, referenceId);
        const next = resizedConfig(server, lines);
        const growth = resizeLines(ctx.db, server, next);
        const end = periodEnd(server, now);
        return toCalculation(action, quoteUntil(growth, end, server.interval_count, now));
      }
      case 'buy_ip': {
        const server = referencedServer(ctx, referenceId);
        onlyProducts(lines, ['wan_ipv4', 'wan_ipv6']);
        const end = periodEnd(server, now);
        return toCalculation(action, quoteUntil(lines, end, server.interval_count, now));
      }
      case 'extend_volume':
        settleServers(ctx.db, now);
        return toCalculation(
          action,
          quoteVolumeExtension(ctx.db, signedInUser(ctx).id, referenceId, lines, now, ctx.t),
        );
      default:
        // Snapshots' changes and packages come with their own areas.
        throw new ApiError(501, 'server.not_implemented');
    }
  },

  createOrder: (ctx) => {
    const user = requireActionAllowed(ctx);
    const { db } = ctx;
    const now = ctx.now();
    const { body } = ctx;
    switch (body.type) {
      case 'create_server':
        return toOrder(placeServerOrder(ctx, user, body, now));
      case 'resize_server': {
        const { server_id: serverId, ...next } = body.data;
        return toOrder(
          db.transaction(() => {
            settleServers(db, now);
            const server = accountServer(db, user.id, serverId);
            return insertOrder(
              db,
              resizeOrder(db, server, next, now, (f) => `data.${f}`),
              now,
            );
          })(),
        );
      }
      case 'buy_ip': {
        const { server_id: serverId, version, quantity } = body.data;
        return toOrder(
          db.transaction(() => {
            settleServers(db, now);
            const server = accountServer(db, user.id, serverId);
            return insertOrder(db, buyIpOrder(db, server, version, quantity, now, ctx.t), now);
          })(),
        );
      }
      case 'create_volume':
      case 'extend_volume':
        return toOrder(
          db.transaction(() => {
            settleServers(db, now);
            return insertOrder(db, placeVolumeOrder(db, user.id, body, now, ctx.t), now);
          })(),
        );
      case 'create_snapshot': {
        const { name, ...source } = body.data;
        return toOrder(
          db.transaction(() => {
            settleServers(db, now);
            const order = snapshotOrder(db, user.id, name, source, now, ctx.t, body.interval_count);
            return insertOrder(db, order, now);
          })(),
        );
      }
      default:
        throw new ApiError(501, 'server.not_implemented');
    }
  },

  listOrders: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const where = `user_id = @user AND (@status IS NULL OR status = @status)
      AND ${dateRangeSql('created_at')}`;
    const filters = { user: user.id, status: ctx.query.status ?? null, ...dateRangeOf(ctx.query) };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM orders WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT * FROM orders WHERE ${where} ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...filters, limit, offset }) as OrderRow[];
    return { items: rows.map(toOrder), total, page, per_page };
  },

  getOrder: (ctx) => toOrder(accountOrder(ctx.db, signedInUser(ctx).id, ctx.params.id)),

  payOrder: (ctx) => {
    const now = ctx.now();
    // An empty code is what a form sends for its empty coupon field: no coupon.
    const couponCode = ctx.body?.coupon_code || undefined;
    if (ctx.query.check === 'True') {
      // A preview changes nothing, so it is neither blocked nor refused for a short balance.
      const user = signedInUser(ctx);
      const order = accountOrder(ctx.db, user.id, ctx.params.id);
      requirePending(order);
      if (order.expiry !== null && order.expiry <= now.toISOString()) {
        throw badRequest('server.order_expired');
      }
      const coupon = couponCode ? usableCoupon(ctx.db, couponCode, 'discount_invoice', now) : null;
      const { discount, total } = applyDiscount(order.amount, coupon);
      const amounts = { amount: order.amount, discount, total, balance: user.balance };
      return orderPayment(ctx.db, true, order, amounts, coupon, null);
    }
    const user = requireActionAllowed(ctx);
    const paid = payPendingOrder(ctx, user.id, ctx.params.id, couponCode, now);
    return orderPayment(ctx.db, false, paid.order, paid, paid.coupon, paid.invoice);
  },

  // Never blocked: nothing was charged, so cancelling is always allowed.
  cancelOrder: (ctx) => {
    const user = signedInUser(ctx);
    return toOrder(
      ctx.db.transaction(() => {
        const order = accountOrder(ctx.db, user.id, ctx.params.id);
        requirePending(order);
        return ctx.db
          .prepare(`UPDATE orders SET status = 'cancelled' WHERE id = ? RETURNING *`)
          .get(order.id) as OrderRow;
      })(),
    );
  },

  checkCoupon: (ctx) => {
    const user = signedInUser(ctx);
    const type = ctx.query.type ?? 'discount_invoice';
    // A credit code is once per account: the check says so before the customer tries it.
    if (type === 'credit') return checkCreditCoupon(ctx.db, user.id, ctx.query.code, ctx.now());
    return usableCoupon(ctx.db, ctx.query.code, type, ctx.now(), 'code');
  },

  listInvoices: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const { status, code, resource_id: resourceId } = ctx.query;
    // Overdue as the portal's isOverdue has it: open, and due before the server's clock.
    const where = `user_id = @user
      AND (@status IS NULL OR status = @status
        OR (@status = 'overdue' AND status = 'open' AND due_date < @now))
      AND (@code IS NULL OR instr(${INVOICE_CODE_SQL}, upper(@code)) > 0)
      AND (@resource IS NULL OR resource_id = @resource)
      AND ${dateRangeSql('created_at')}`;
    const filters = {
      user: user.id,
      status: status ?? null,
      now: ctx.now().toISOString(),
      code: code ?? null,
      resource: resourceId ?? null,
      ...dateRangeOf(ctx.query),
    };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT * FROM invoices WHERE ${where} ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...filters, limit, offset }) as InvoiceRow[];
    return { items: rows.map((row) => toInvoice(ctx.db, row)), total, page, per_page };
  },

  getInvoice: (ctx) =>
    toInvoice(ctx.db, accountInvoice(ctx.db, signedInUser(ctx).id, ctx.params.id)),

  // Our extension: the invoice as a PDF, in the language asked for (Vietnamese by default).
  getInvoicePdf: async (ctx) => {
    const row = accountInvoice(ctx.db, signedInUser(ctx).id, ctx.params.id);
    const invoice = toInvoice(ctx.db, row);
    const pdf = await invoicePdf(invoice, ctx.query.lang ?? 'vi');
    return new FileAnswer('application/pdf', `${invoice.code}.pdf`, pdf);
  },

  // Never blocked: paying overdue invoices is how a blocked account recovers.
  payInvoice: (ctx) => {
    const user = signedInUser(ctx);
    // An empty code is what a form sends for its empty coupon field: no coupon.
    const couponCode = ctx.body?.coupon_code || undefined;
    const paid = payOpenInvoice(ctx.db, user.id, ctx.params.id, couponCode, ctx.now());
    const code = invoiceCode(paid.invoice);
    return {
      message: ctx.t('server.invoice_paid', { code, amount: groupThousands(paid.total) }),
      invoice: toInvoice(ctx.db, paid.invoice),
      amount: paid.amount,
      discount: paid.discount,
      total: paid.total,
      balance: paid.balance,
      coupon: paid.coupon,
    };
  },

  applyCoupon: (ctx) => {
    const user = signedInUser(ctx);
    const credited = redeemCreditCoupon(ctx.db, user.id, ctx.body.code, ctx.now());
    return {
      message: ctx.t('server.coupon_credited', { amount: groupThousands(credited.amount) }),
      ...credited,
    };
  },

  listBalanceAdjustments: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const where = `user_id = @user AND (@type IS NULL OR type = @type)
      AND (@method IS NULL OR method = @method) AND (@id IS NULL OR id = @id)
      AND ${dateRangeSql('created_at')}`;
    const filters = {
      user: user.id,
      type: ctx.query.type ?? null,
      method: ctx.query.method ?? null,
      id: ctx.query.id ?? null,
      ...dateRangeOf(ctx.query),
    };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM balance_adjustments WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT * FROM balance_adjustments WHERE ${where}
          ${order} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...filters, limit, offset }) as AdjustmentRow[];
    return { items: rows.map(toBalanceAdjustment), total, page, per_page };
  },
};

type Context = Pick<
  HandlerContext<OperationId>,
  'db' | 'now' | 'userId' | 'locale' | 't' | 'serverQuota'
>;

function referencedServer(ctx: Pick<Context, 'db' | 'now' | 'userId'>, referenceId?: number) {
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
  ctx: Context,
  user: UserRow,
  body: CreateServerOrder,
  now: Date,
): OrderRow {
  const { db } = ctx;
  const { data, products } = body;
  const interval: IntervalCount = body.interval_count;
  const cpu = data.cpu.quantity;
  const ram = data.ram.quantity;
  const disk = data.rootdisk.size;
  rejectInvalidFields({
    'data.name': validateServerName(data.name),
    'data.flavor_name':
      data.flavor_name !== undefined && data.flavor_name !== `${cpu}c_${ram}g`
        ? 'server.flavor_mismatch'
        : undefined,
    'data.password':
      !data.key_name && data.password !== true ? 'server.server_needs_access' : undefined,
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
  refuseWhatImageForbids(image, disk, data.key_name ?? null);
  const license = imageLicenseLines(db, image);
  const charged = [...resources, ...extras, ...license];
  const work: CreateServerWork = {
    name: data.name,
    image_id: image.id,
    datacenter: data.datacenter,
    key_name: data.key_name ?? null,
    password: data.password === true,
    cpu,
    ram,
    disk,
    disk_type: data.rootdisk.type,
    extra_ipv4: extraIpv4,
    ipv6,
    datadisks,
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

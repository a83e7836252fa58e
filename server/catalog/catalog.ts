/**
 * The catalog: priced products, plans, OS images, datacenters and coupons (reference data made by
 * the `catalog_orders_servers` migration), and turning an order's product lines into priced lines.
 */
import type { components } from '../../src/api/schema';
import type { OrderLine, PricedProduct } from '../../src/domain/pricing';
import { parseProductLine } from '../../src/domain/serverOrder';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import type { MessageKey } from '../platform/i18n';

type Product = components['schemas']['Product'];
type BillingPlan = components['schemas']['BillingPlan'];
type Image = components['schemas']['Image'];
type Datacenter = components['schemas']['Datacenter'];
type Coupon = components['schemas']['Coupon'];
type ProductLine = components['schemas']['ProductLine'];
type IntervalCount = components['schemas']['IntervalCount'];

export interface ProductRow {
  id: number;
  code: string;
  name: string;
  category: Product['category'];
  unit: Product['unit'];
  price: number;
  description: string | null;
}

export const toProduct = (row: ProductRow): Product => ({ ...row });

export const toPricedProduct = (row: ProductRow): PricedProduct => ({
  id: row.id,
  name: row.name,
  code: row.code,
  price: row.price,
});

export function productByCode(db: Db, code: string): ProductRow | undefined {
  return db.prepare('SELECT * FROM products WHERE code = ?').get(code) as ProductRow | undefined;
}

/** A product and how many of its units an `id_or_name` stands for (`ram_4gb` is 4 GB of RAM). */
export function findProductRef(
  db: Db,
  ref: number | string,
): { product: ProductRow; units: number } | undefined {
  if (typeof ref === 'number') {
    const byId = db.prepare('SELECT * FROM products WHERE id = ?').get(ref) as
      ProductRow | undefined;
    return byId && { product: byId, units: 1 };
  }
  const exact = db.prepare('SELECT * FROM products WHERE code = ? OR name = ?').get(ref, ref) as
    ProductRow | undefined;
  if (exact) return { product: exact, units: 1 };
  const sized = parseProductLine(ref);
  if (!sized || sized.units < 1) return undefined;
  const product = productByCode(db, sized.code);
  return product && { product, units: sized.units };
}

/**
 * Each line as a priced order line (units × quantity of its product), in the request's order;
 * 400 naming every line whose product does not exist.
 */
export function resolveProductLines(
  db: Db,
  lines: readonly ProductLine[],
  field = 'products',
): { product: ProductRow; quantity: number }[] {
  const unknown: Record<string, string> = {};
  const resolved = lines.map((line, index) => {
    const found = findProductRef(db, line.id_or_name);
    if (!found) unknown[`${field}.${index}.id_or_name`] = String(line.id_or_name);
    return found && { product: found.product, quantity: found.units * line.quantity };
  });
  const [first] = Object.values(unknown);
  if (first !== undefined) {
    const message = 'server.unknown_product';
    throw new ApiError(
      400,
      message,
      { name: first },
      Object.fromEntries(Object.keys(unknown).map((key) => [key, 'server.field.invalid'])),
    );
  }
  return resolved as { product: ProductRow; quantity: number }[];
}

export const toOrderLines = (lines: readonly { product: ProductRow; quantity: number }[]) =>
  lines.map(({ product, quantity }): OrderLine => ({
    product: toPricedProduct(product),
    quantity,
  }));

/** Units per product id, lines of one product added up. */
export function unitsByProduct(
  lines: readonly { product: ProductRow; quantity: number }[],
): Map<number, number> {
  const units = new Map<number, number>();
  for (const { product, quantity } of lines) {
    units.set(product.id, (units.get(product.id) ?? 0) + quantity);
  }
  return units;
}

// ---- plans ----

interface PlanRow {
  id: number;
  name: string;
  product_category: BillingPlan['product_category'];
  cpu: number | null;
  ram: number | null;
  disk: number | null;
  disk_type: 'SSD' | 'HDD' | null;
}

/**
 * A plan's `monthly_price` is the plain sum of its products' monthly prices and its `price` is
 * that times `interval_count`: the price of whole months. What an order for the plan costs is
 * prorated (see POST /billing/calculation), so it is usually less for the first period.
 */
export function listPlanRows(db: Db, category: string | undefined): PlanRow[] {
  return db
    .prepare(
      `SELECT * FROM plans WHERE (@category IS NULL OR product_category = @category) ORDER BY product_category = 'server' DESC, id`,
    )
    .all({ category: category ?? null }) as PlanRow[];
}

export function toBillingPlan(db: Db, row: PlanRow, interval: IntervalCount): BillingPlan {
  const products = db
    .prepare(
      `SELECT p.id AS product_id, p.name, pp.quantity, p.price
         FROM plan_products pp JOIN products p ON p.id = pp.product_id
        WHERE pp.plan_id = ? ORDER BY p.id`,
    )
    .all(row.id) as { product_id: number; name: string; quantity: number; price: number }[];
  const monthly = products.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return {
    id: row.id,
    name: row.name,
    product_category: row.product_category,
    interval: 'month',
    interval_count: interval,
    price: monthly * interval,
    monthly_price: monthly,
    products: products.map(({ product_id, name, quantity }) => ({ product_id, name, quantity })),
    cpu: row.cpu,
    ram: row.ram,
    disk: row.disk,
    disk_type: row.disk_type,
  };
}

// ---- images and datacenters ----

export interface ImageRow {
  id: number;
  name: string;
  distro: string;
  version: string;
  min_disk: number;
  /** The licence product a server of the image pays for each month (issue 16); null for none. */
  license_product_id: number | null;
  ssh_keys_allowed: 0 | 1;
}

export const toImage = (row: ImageRow): Image => ({
  id: row.id,
  name: row.name,
  distro: row.distro,
  version: row.version,
  min_disk: row.min_disk,
  license_product_id: row.license_product_id,
  ssh_keys_allowed: row.ssh_keys_allowed === 1,
});

/**
 * The image's licence as priced lines: one unit of its product, or none. A server of the image
 * pays it every month, so its order, plan, package and renewals all include it.
 */
export function imageLicenseLines(
  db: Db,
  image: Pick<ImageRow, 'license_product_id'>,
): { product: ProductRow; quantity: number }[] {
  if (image.license_product_id === null) return [];
  const product = db
    .prepare('SELECT * FROM products WHERE id = ?')
    .get(image.license_product_id) as ProductRow | undefined;
  if (!product) throw new Error(`The catalog has no product ${image.license_product_id}`);
  return [{ product, quantity: 1 }];
}

/** The licence lines of the image a server was built from (see imageLicenseLines). */
export const serverLicenseLines = (db: Db, imageId: number) =>
  imageLicenseLines(db, imageById(db, imageId));

/** Every product an image names as its licence: such lines follow the image, not an order. */
export function licenseProductIds(db: Db): Set<number> {
  const ids = db
    .prepare('SELECT DISTINCT license_product_id FROM images WHERE license_product_id IS NOT NULL')
    .pluck()
    .all() as number[];
  return new Set(ids);
}

/** By id, or by name ignoring case (`Ubuntu 22.04`). */
export function findImage(db: Db, ref: number | string): ImageRow | undefined {
  const sql =
    typeof ref === 'number'
      ? 'SELECT * FROM images WHERE id = ?'
      : 'SELECT * FROM images WHERE name = ?';
  return db.prepare(sql).get(ref) as ImageRow | undefined;
}

export function imageById(db: Db, id: number): ImageRow {
  return db.prepare('SELECT * FROM images WHERE id = ?').get(id) as ImageRow;
}

export function findDatacenter(db: Db, code: string): Datacenter | undefined {
  return db.prepare('SELECT code, name FROM datacenters WHERE code = ?').get(code) as
    Datacenter | undefined;
}

// ---- coupons ----

interface CouponRow {
  code: string;
  type: Coupon['type'];
  discount_type: Coupon['discount_type'];
  value: number;
  max_discount: number | null;
  expires: string | null;
  description: string;
  max_uses: number | null;
  uses: number;
}

/**
 * Why a code cannot be used: unknown, expired, no uses left, already used by this account (credit
 * codes, once per account), or of the other kind (a credit code where a discount is asked, a
 * discount code typed into the credit-code field).
 */
export type CouponRefusal =
  'unknown' | 'expired' | 'used_up' | 'already_used' | 'not_discount' | 'not_credit';

const REFUSAL_KEYS = {
  // The spec's words (§5) for a code that does not exist.
  unknown: 'server.invalid_coupon',
  expired: 'server.coupon_expired',
  used_up: 'server.coupon_used_up',
  already_used: 'server.coupon_already_used',
  not_discount: 'server.coupon_not_discount',
  not_credit: 'server.coupon_not_credit',
} as const satisfies Record<CouponRefusal, MessageKey>;

/** The 400 answer refusing a code, on the form field that carried it. */
export function couponRefused(
  reason: CouponRefusal,
  code: string,
  field = 'coupon_code',
): ApiError {
  const key = REFUSAL_KEYS[reason];
  return new ApiError(400, key, { code }, { [field]: key });
}

/**
 * Why the coupon cannot be used now as `type`, or undefined when it can. A code that can no longer
 * be used anywhere says so first: sending the customer to use it elsewhere would fail again there.
 */
function refusalOf(
  row: CouponRow | undefined,
  type: Coupon['type'],
  now: Date,
): CouponRefusal | undefined {
  if (!row) return 'unknown';
  if (row.expires !== null && row.expires <= now.toISOString()) return 'expired';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'used_up';
  if (row.type !== type) return type === 'credit' ? 'not_credit' : 'not_discount';
  return undefined;
}

/**
 * A coupon of that type that can be used now; otherwise 400 saying why (an unknown code: "Mã
 * giảm giá không hợp lệ.", spec §5).
 */
export function usableCoupon(
  db: Db,
  code: string,
  type: Coupon['type'],
  now: Date,
  field = 'coupon_code',
): Coupon {
  const row = db.prepare('SELECT * FROM coupons WHERE code = ?').get(code) as CouponRow | undefined;
  const refusal = refusalOf(row, type, now);
  if (!row || refusal) throw couponRefused(refusal ?? 'unknown', row?.code ?? code, field);
  const {
    code: stored,
    type: kind,
    discount_type,
    value,
    max_discount,
    expires,
    description,
  } = row;
  return { code: stored, type: kind, discount_type, value, max_discount, expires, description };
}

/** "Mã giảm giá không hợp lệ." (spec §5), on the form field that carried the code. */
export const invalidCoupon = (field = 'coupon_code') =>
  new ApiError(400, 'server.invalid_coupon', {}, { [field]: 'server.invalid_coupon' });

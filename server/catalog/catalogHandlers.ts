/**
 * What can be bought and where: products and plans (tagged billing in the contract), OS images
 * and datacenters. Catalog lists keep the catalog's order rather than newest first.
 */
import {
  imageById,
  listPlanRows,
  toBillingPlan,
  toImage,
  toProduct,
  type ProductRow,
} from './catalog';
import { pageItems, pageOf, signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';

export const catalogHandlers: HandlerTable = {
  listProducts: (ctx) => {
    signedInUser(ctx);
    const { name, category } = ctx.query;
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const where = '(@name IS NULL OR name = @name) AND (@category IS NULL OR category = @category)';
    const filters = { name: name ?? null, category: category ?? null };
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM products WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT * FROM products WHERE ${where} ORDER BY id LIMIT @limit OFFSET @offset`)
      .all({ ...filters, limit, offset }) as ProductRow[];
    return { products: rows.map(toProduct), total, page, per_page };
  },

  // Without interval_count, plans are priced for one month.
  listPlans: (ctx) => {
    signedInUser(ctx);
    const interval = ctx.query.interval_count ?? 1;
    const plans = listPlanRows(ctx.db, ctx.query.product_category).map((row) =>
      toBillingPlan(ctx.db, row, interval),
    );
    return pageItems(plans, ctx.query);
  },

  listImages: (ctx) => {
    signedInUser(ctx);
    const ids = ctx.db
      .prepare(
        'SELECT id FROM images WHERE (@distro IS NULL OR distro = lower(@distro)) ORDER BY id',
      )
      .all({ distro: ctx.query.distro ?? null }) as { id: number }[];
    return pageItems(
      ids.map(({ id }) => toImage(imageById(ctx.db, id))),
      ctx.query,
    );
  },

  listDatacenters: (ctx) => {
    signedInUser(ctx);
    const rows = ctx.db.prepare('SELECT code, name FROM datacenters ORDER BY position').all() as {
      code: string;
      name: string;
    }[];
    return pageItems(rows, ctx.query);
  },
};

/**
 * The create-server order of spec §3, built from the customer's choice, and the product lines
 * it is priced from. The create form, the stored pending order and the sandbox all use this.
 */
import type { IntervalCount, OrderLine, PricedProduct } from './pricing';
import { SERVER_DEFAULTS } from './serverRules';

export type DiskType = 'SSD' | 'HDD';

export interface ServerChoice {
  name: string;
  os: string;
  datacenter: string;
  cpu: number;
  ram: number;
  disk: number;
  diskType: DiskType;
  /** Extra data disks, gigabytes each. */
  dataDisks: { size: number; type: DiskType }[];
  /** Extra addresses besides the primary IPv4 (which every server has). */
  extraIpv4: number;
  ipv6: boolean;
  keyName: string | null;
  /**
   * Every SSH key to install, `keyName` first, when the customer chose several; the order then
   * carries them as `data.key_names` (our extension). Absent or one key: `key_name` alone.
   */
  keyNames?: readonly string[];
  interval: IntervalCount;
  /**
   * The image's licence product (`Image.license_product_id`, our extension), paid one unit a
   * month with the server; absent or null for an image without one.
   */
  licenseProductId?: number | null;
}

export interface ProductLineRef {
  /** A sized product name (`cpu_2c`), or a product's id (a licence). */
  id_or_name: string | number;
  quantity: number;
}

const diskCode = (type: DiskType) => (type === 'SSD' ? 'volume_ssd' : 'volume_hdd');

/** What a server is made of, as its product lines price it. */
export interface ServerResources {
  cpu: number;
  ram: number;
  disk: number;
  diskType: DiskType;
  dataDisks: readonly { size: number; type: DiskType }[];
  extraIpv4: number;
  /** IPv6 addresses (the portal offers one; the order may carry more). */
  ipv6Count: number;
}

/**
 * Spec §3 names: cpu_Nc, ram_Ngb, volume_ssd_Ngb, wan_ipv4_1, wan_ipv6_1. The portal prices and
 * orders with these lines, and the sandbox checks an order's `products` against them.
 */
export function resourceProductLines(resources: ServerResources): ProductLineRef[] {
  const lines: ProductLineRef[] = [
    { id_or_name: `cpu_${resources.cpu}c`, quantity: 1 },
    { id_or_name: `ram_${resources.ram}gb`, quantity: 1 },
    { id_or_name: `${diskCode(resources.diskType)}_${resources.disk}gb`, quantity: 1 },
    ...resources.dataDisks.map((disk) => ({
      id_or_name: `${diskCode(disk.type)}_${disk.size}gb`,
      quantity: 1,
    })),
    { id_or_name: 'wan_ipv4_1', quantity: 1 + resources.extraIpv4 },
  ];
  if (resources.ipv6Count > 0) {
    lines.push({ id_or_name: 'wan_ipv6_1', quantity: resources.ipv6Count });
  }
  return lines;
}

/** An image's licence as product lines: one unit of its product per server, or none. */
export function licenseProductLines(licenseProductId: number | null | undefined): ProductLineRef[] {
  return licenseProductId ? [{ id_or_name: licenseProductId, quantity: 1 }] : [];
}

/** What a new server is priced from: its resources, then its image's licence if it has one. */
export function serverProductLines(choice: ServerChoice): ProductLineRef[] {
  return [
    ...resourceProductLines({ ...choice, ipv6Count: choice.ipv6 ? 1 : 0 }),
    ...licenseProductLines(choice.licenseProductId),
  ];
}

/**
 * Product lines priced against a catalog, as the sandbox resolves an order's `products`: a sized
 * name (`ram_4gb`) is that many units of its product, a product id or code one unit, times the
 * line's quantity. Null when a product is not in the catalog.
 */
export function pricedProductLines(
  refs: readonly ProductLineRef[],
  catalog: readonly PricedProduct[],
): OrderLine[] | null {
  const lines: OrderLine[] = [];
  for (const ref of refs) {
    const sized = typeof ref.id_or_name === 'string' ? parseProductLine(ref.id_or_name) : null;
    const product = catalog.find((candidate) =>
      sized ? candidate.code === sized.code : matchesRef(candidate, ref.id_or_name),
    );
    if (!product) return null;
    lines.push({ product, quantity: (sized?.units ?? 1) * ref.quantity });
  }
  return lines;
}

const matchesRef = (product: PricedProduct, ref: string | number) =>
  typeof ref === 'number' ? product.id === ref : product.code === ref || product.name === ref;

/** What lines cost a month, VAT included, before proration. */
export function monthlyPrice(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
}

/** A sized product name such as `ram_4gb` → the product code and how many units it means. */
export function parseProductLine(idOrName: string): { code: string; units: number } | null {
  const sized =
    /^(cpu|ram|volume_ssd|volume_hdd|snapshot_ssd|snapshot_hdd|wan_ipv4|wan_ipv6)_(\d+)(c|gb)?$/.exec(
      idOrName,
    );
  if (!sized) return null;
  return { code: sized[1] as string, units: Number(sized[2]) };
}

/** The pending create-server order the portal stores and posts (spec §3). */
export function createServerOrder(choice: ServerChoice) {
  return {
    type: 'create_server' as const,
    data: {
      os: choice.os,
      name: choice.name,
      key_name: choice.keyName,
      ...(choice.keyNames && choice.keyNames.length > 1 && { key_names: [...choice.keyNames] }),
      password: true,
      rootdisk: { size: choice.disk, type: choice.diskType, uom: 'GB' as const },
      datadisks: choice.dataDisks.map((disk) => ({
        size: disk.size,
        type: disk.type,
        uom: 'GB' as const,
      })),
      flavor_name: `${choice.cpu}c_${choice.ram}g`,
      cpu: { quantity: choice.cpu, uom: 'Core' as const },
      ram: { quantity: choice.ram, uom: 'GB' as const },
      ipv4: { quantity: choice.extraIpv4 },
      ipv6: { quantity: choice.ipv6 ? 1 : 0 },
      datacenter: choice.datacenter || SERVER_DEFAULTS.datacenter,
      // Spec §3's pending order carries them: the image's licence is the one the portal adds.
      extra_products: licenseProductLines(choice.licenseProductId),
    },
    interval_count: choice.interval,
    products: serverProductLines(choice),
  };
}

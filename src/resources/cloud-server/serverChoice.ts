/**
 * The create form's values: where they start (spec defaults, a stored pending order, a plan, the
 * `cpu/ram/disk/interval` query), how they become the domain's ServerChoice, and what that choice
 * costs, priced locally with the shared `quote()` so the summary is what the API will charge.
 */
import { serverNow } from '../../api/serverClock';
import type {
  BillingPlan,
  Datacenter,
  Image,
  Product,
  ProductQuery,
  SshKey,
} from '../../dataProvider/dataProvider';
import { intervalInQuery } from '../../domain/billingCycle';
import { MAX_IPS_PER_SERVER } from '../../domain/constants';
import {
  isIntervalCount,
  quote,
  type IntervalCount,
  type PricedProduct,
  type Quote,
} from '../../domain/pricing';
import {
  monthlyPrice,
  pricedProductLines,
  serverProductLines,
  type DiskType,
  type ServerChoice,
} from '../../domain/serverOrder';
import {
  imageAllowsSshKeys,
  rootDiskForImage,
  SERVER_DEFAULTS,
  SERVER_LIMITS,
} from '../../domain/serverRules';
import { correctIntoRange, serverFieldRange } from '../../domain/serverFieldRanges';
import { MAX_DATA_DISKS } from './serverConstants';

export type AccessMethod = 'key' | 'password';

export interface ServerFormValues {
  name: string;
  /** The image's name, as the order's `os` names it. */
  os: string;
  datacenter: string;
  access: AccessMethod;
  /** The SSH keys to install, by name; the first is the order's `key_name`. */
  keyNames: string[];
  cpu: number | null;
  ram: number | null;
  disk: number | null;
  diskType: DiskType;
  dataDisks: { size: number | null; type: DiskType }[];
  extraIpv4: number | null;
  ipv6: boolean;
  interval: IntervalCount;
}

/** The product calls a server is priced from, as spec §7 writes them (extras: image licences). */
export const SERVER_PRODUCT_QUERIES: readonly ProductQuery[] = [
  { name: 'CPU' },
  { name: 'RAM' },
  { name: 'DISK SSD' },
  { name: 'DISK HDD' },
  { category: 'wanip' },
  { category: 'extra' },
];

export interface Catalogs {
  images: Image[];
  datacenters: Datacenter[];
  keys: SshKey[];
}

interface Prefill {
  cpu?: number;
  ram?: number;
  disk?: number;
  diskType?: DiskType;
  interval?: IntervalCount;
}

/** A value of the link's query the form could not take, and the value it used instead. */
export interface QueryCorrection {
  field: 'cpu' | 'ram' | 'disk' | 'interval';
  given: string;
  used: number;
}

type StartingSources = { pendingOrder: unknown; plan?: BillingPlan; search: URLSearchParams };

/** Starting values (see `startingServerForm`). */
export function initialServerValues(
  catalogs: Catalogs,
  sources: StartingSources,
): ServerFormValues {
  return startingServerForm(catalogs, sources).values;
}

/**
 * Starting values, and what the form corrected in the link's query. Later sources win: the
 * defaults, then the pending order the form stored on a failed submit (or before sign-in), then
 * the plan, then the query. A query number outside its range is brought into it (`?cpu=999` →
 * 64); one that is no number, or a period that is none of the offered ones, leaves the value the
 * earlier sources gave. Either way the correction is reported, with the value used.
 */
export function startingServerForm(
  catalogs: Catalogs,
  sources: StartingSources,
): { values: ServerFormValues; corrections: QueryCorrection[] } {
  const { images, datacenters, keys } = catalogs;
  const defaultDatacenter =
    datacenters.find((dc) => dc.code === SERVER_DEFAULTS.datacenter)?.code ??
    datacenters[0]?.code ??
    SERVER_DEFAULTS.datacenter;
  const values: ServerFormValues = {
    name: '',
    os: images[0]?.name ?? '',
    datacenter: defaultDatacenter,
    access: keys.length > 0 ? 'key' : 'password',
    // Only a customer's one and only key is chosen for them; with several, they pick.
    keyNames: keys.length === 1 && keys[0] ? [keys[0].name] : [],
    cpu: SERVER_DEFAULTS.cpu,
    ram: SERVER_DEFAULTS.ram,
    disk: SERVER_DEFAULTS.disk,
    diskType: SERVER_DEFAULTS.diskType,
    dataDisks: [],
    extraIpv4: 0,
    ipv6: false,
    interval: SERVER_DEFAULTS.interval,
  };
  Object.assign(values, fromPendingOrder(sources.pendingOrder, catalogs));
  if (sources.plan) Object.assign(values, fromPlan(sources.plan));
  Object.assign(values, fromQuery(sources.search));
  const corrected = correctQuery(sources.search, values);
  const image = images.find((candidate) => candidate.name === values.os);
  const final = image ? withImageRules(values, image) : values;
  const corrections = corrected.map((field) => ({
    field,
    given: sources.search.get(field) ?? '',
    used: final[field] ?? 0,
  }));
  return { values: final, corrections };
}

/** Brings the query's refused numbers into range on `values`; answers the fields it corrected. */
function correctQuery(
  search: URLSearchParams,
  values: ServerFormValues,
): QueryCorrection['field'][] {
  const corrected: QueryCorrection['field'][] = [];
  for (const field of ['cpu', 'ram', 'disk'] as const) {
    const raw = search.get(field);
    if (raw === null || inLimits(wholeNumber(raw), SERVER_LIMITS[field])) continue;
    const range = serverFieldRange(field, { ipv6: values.ipv6 });
    values[field] = correctIntoRange(raw, range, values[field] ?? SERVER_DEFAULTS[field]);
    corrected.push(field);
  }
  const interval = search.get('interval');
  if (interval !== null && !isIntervalCount(wholeNumber(interval))) corrected.push('interval');
  return corrected;
}

/**
 * The values once `image` is chosen (spec: the image's minimum disk and sign-in method apply at
 * once): the root disk raised to the image's minimum, never shrunk; password sign-in when the
 * image takes no SSH key. Leaving such an image keeps the disk and the sign-in as they are.
 */
export function withImageRules<T extends Pick<ServerFormValues, 'disk' | 'access'>>(
  values: T,
  image: Image,
): T {
  const disk =
    typeof values.disk === 'number' && Number.isFinite(values.disk)
      ? rootDiskForImage(values.disk, image)
      : values.disk;
  const access = imageAllowsSshKeys(image) ? values.access : 'password';
  return { ...values, disk, access };
}

function fromPlan(plan: BillingPlan): Prefill {
  const prefill: Prefill = { interval: plan.interval_count };
  if (inLimits(plan.cpu, SERVER_LIMITS.cpu)) prefill.cpu = plan.cpu;
  if (inLimits(plan.ram, SERVER_LIMITS.ram)) prefill.ram = plan.ram;
  if (inLimits(plan.disk, SERVER_LIMITS.disk)) prefill.disk = plan.disk;
  if (plan.disk_type) prefill.diskType = plan.disk_type;
  return prefill;
}

/**
 * `?cpu&ram&disk&interval` (or `billingcycle=annually`), each taken only when it is a value the
 * form accepts.
 */
export function fromQuery(search: URLSearchParams): Prefill {
  const prefill: Prefill = {};
  const cpu = wholeNumber(search.get('cpu'));
  const ram = wholeNumber(search.get('ram'));
  const disk = wholeNumber(search.get('disk'));
  const interval = wholeNumber(intervalInQuery(search));
  if (inLimits(cpu, SERVER_LIMITS.cpu)) prefill.cpu = cpu;
  if (inLimits(ram, SERVER_LIMITS.ram)) prefill.ram = ram;
  if (inLimits(disk, SERVER_LIMITS.disk)) prefill.disk = disk;
  if (isIntervalCount(interval)) prefill.interval = interval;
  return prefill;
}

/** What the customer had chosen in the stored pending create-server order, if it is one. */
function fromPendingOrder(stored: unknown, catalogs: Catalogs): Partial<ServerFormValues> {
  if (!isRecord(stored) || stored.type !== 'create_server' || !isRecord(stored.data)) return {};
  const data = stored.data;
  const values: Partial<ServerFormValues> = {};
  if (typeof data.name === 'string') values.name = data.name;
  if (typeof data.os === 'string' && catalogs.images.some((image) => image.name === data.os)) {
    values.os = data.os;
  }
  if (
    typeof data.datacenter === 'string' &&
    catalogs.datacenters.some((dc) => dc.code === data.datacenter)
  ) {
    values.datacenter = data.datacenter;
  }
  const storedKeys = [
    ...new Set([
      ...(typeof data.key_name === 'string' ? [data.key_name] : []),
      ...(Array.isArray(data.key_names) ? data.key_names : []),
    ]),
  ].filter((name) => catalogs.keys.some((key) => key.name === name));
  if (storedKeys.length > 0) {
    values.access = 'key';
    values.keyNames = storedKeys;
  } else if (data.key_name === null) {
    values.access = 'password';
  }
  const cpu = isRecord(data.cpu) ? data.cpu.quantity : undefined;
  const ram = isRecord(data.ram) ? data.ram.quantity : undefined;
  if (inLimits(cpu, SERVER_LIMITS.cpu)) values.cpu = cpu;
  if (inLimits(ram, SERVER_LIMITS.ram)) values.ram = ram;
  if (isRecord(data.rootdisk)) {
    if (inLimits(data.rootdisk.size, SERVER_LIMITS.disk)) values.disk = data.rootdisk.size;
    if (isDiskType(data.rootdisk.type)) values.diskType = data.rootdisk.type;
  }
  if (Array.isArray(data.datadisks)) {
    values.dataDisks = data.datadisks
      .filter(isRecord)
      .slice(0, MAX_DATA_DISKS)
      .map((disk) => ({
        size: inLimits(disk.size, SERVER_LIMITS.disk) ? disk.size : SERVER_LIMITS.disk.min,
        type: isDiskType(disk.type) ? disk.type : SERVER_DEFAULTS.diskType,
      }));
  }
  const ipv4 = isRecord(data.ipv4) ? data.ipv4.quantity : undefined;
  if (inLimits(ipv4, { min: 0, max: MAX_IPS_PER_SERVER - 1 })) values.extraIpv4 = ipv4;
  if (isRecord(data.ipv6)) values.ipv6 = data.ipv6.quantity === 1;
  if (isIntervalCount(stored.interval_count)) values.interval = stored.interval_count;
  return values;
}

/** The most extra IPv4 addresses a new server can have, given its IPv6 choice. */
export function maxExtraIpv4(ipv6: boolean): number {
  return MAX_IPS_PER_SERVER - 1 - (ipv6 ? 1 : 0);
}

/**
 * The domain's choice, or null while a number is missing or out of its limits. The chosen image
 * (found in `images`) brings its licence, and takes no SSH key when it allows password only.
 */
export function choiceFromValues(
  values: ServerFormValues,
  images: readonly Image[] = [],
): ServerChoice | null {
  const { cpu, ram, disk, extraIpv4 } = values;
  if (!inLimits(cpu, SERVER_LIMITS.cpu)) return null;
  if (!inLimits(ram, SERVER_LIMITS.ram)) return null;
  if (!inLimits(disk, SERVER_LIMITS.disk)) return null;
  if (!inLimits(extraIpv4, { min: 0, max: maxExtraIpv4(values.ipv6) })) return null;
  if (!isIntervalCount(values.interval)) return null;
  const image = images.find((candidate) => candidate.name === values.os);
  const keyNames =
    values.access === 'key' && (!image || imageAllowsSshKeys(image))
      ? (values.keyNames ?? []).filter(Boolean)
      : [];
  const dataDisks: ServerChoice['dataDisks'] = [];
  for (const disk of values.dataDisks ?? []) {
    if (!inLimits(disk?.size, SERVER_LIMITS.disk)) return null;
    dataDisks.push({ size: disk.size, type: disk.type });
  }
  return {
    name: values.name?.trim() ?? '',
    os: values.os,
    datacenter: values.datacenter,
    cpu,
    ram,
    disk,
    diskType: values.diskType,
    dataDisks,
    extraIpv4,
    ipv6: Boolean(values.ipv6),
    keyName: keyNames[0] ?? null,
    ...(keyNames.length > 1 && { keyNames }),
    interval: values.interval,
    licenseProductId: image?.license_product_id ?? null,
  };
}

/** Priced products by code (cpu, ram, volume_ssd, wan_ipv4, …). */
export function productsByCode(products: Product[]): Map<string, PricedProduct> {
  return new Map(
    products.map((product) => [
      product.code,
      { id: product.id, name: product.name, code: product.code, price: product.price },
    ]),
  );
}

export interface PricedChoice {
  quote: Quote;
  /**
   * Per line, what it is: product code, units (cores, GB or addresses), root or data disk, the
   * image's licence.
   */
  items: { code: string; units: number; dataDisk: boolean; license: boolean }[];
  /** What the choice costs per month, VAT included, before proration. */
  monthly: number;
}

/**
 * The order's price as the API computes it: the product lines of `serverProductLines` (the
 * image's licence included), priced with the domain's `pricedProductLines` (cpu_2c is 2 units of
 * cpu) and `quote()` at `now`. Null when a product has no price.
 */
export function priceChoice(
  choice: ServerChoice,
  catalog: Map<string, PricedProduct>,
  now: Date,
): PricedChoice | null {
  const lines = pricedProductLines(serverProductLines(choice), [...catalog.values()]);
  if (!lines) return null;
  const items: PricedChoice['items'] = [];
  for (const { product, quantity } of lines) {
    // The first disk line is the root disk; the ones after it are data disks.
    const isDisk = product.code.startsWith('volume_');
    const dataDisk = isDisk && items.some((item) => item.code.startsWith('volume_'));
    const license = product.id === choice.licenseProductId;
    items.push({ code: product.code, units: quantity, dataDisk, license });
  }
  return { quote: quote(lines, choice.interval, now), items, monthly: monthlyPrice(lines) };
}

/** The price at the server's present (the summary is recomputed on every change of the form). */
export function priceChoiceNow(
  choice: ServerChoice,
  catalog: Map<string, PricedProduct>,
): PricedChoice | null {
  return priceChoice(choice, catalog, serverNow());
}

function inLimits(value: unknown, limits: { min: number; max: number }): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= limits.min &&
    value <= limits.max
  );
}

function wholeNumber(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

function isDiskType(value: unknown): value is DiskType {
  return value === 'SSD' || value === 'HDD';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

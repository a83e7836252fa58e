/** What the volume screens share: the contract's types, the statuses that move, the prices. */
import type { components } from '../../api/schema';
import {
  quote,
  quoteUntil,
  type IntervalCount,
  type PricedProduct,
  type Quote,
} from '../../domain/pricing';
import { paidPeriodEnd, type VolumeDiskType } from '../../domain/volumeRules';

export type Volume = components['schemas']['Volume'];
export type VolumeStatus = components['schemas']['VolumeStatus'];
export type VolumeCharge = components['schemas']['VolumeCharge'];
type Product = components['schemas']['Product'];

/** The react-admin resource's name. */
export const VOLUME_RESOURCE = 'volume';

export const VOLUME_STATUSES: readonly VolumeStatus[] = [
  'creating',
  'available',
  'in_use',
  'attaching',
  'detaching',
  'extending',
  'restoring',
  'deleting',
  'error',
];

const TRANSITIONAL: readonly VolumeStatus[] = [
  'creating',
  'attaching',
  'detaching',
  'extending',
  'restoring',
  'deleting',
];

/** A volume in one of these changes by itself: its screens poll fast meanwhile. */
export function isVolumeInTransition(status: VolumeStatus | undefined): boolean {
  return status !== undefined && TRANSITIONAL.includes(status);
}

export const DISK_TYPES: readonly VolumeDiskType[] = ['SSD', 'HDD'];

/** The `DISK SSD` / `DISK HDD` products, by disk type, as the shared pricing takes them. */
export type DiskProducts = Partial<Record<VolumeDiskType, PricedProduct>>;

export function diskProducts(products: readonly Product[]): DiskProducts {
  const byType: DiskProducts = {};
  for (const product of products) {
    const type =
      product.code === 'volume_ssd' ? 'SSD' : product.code === 'volume_hdd' ? 'HDD' : null;
    if (type)
      byType[type] = {
        id: product.id,
        name: product.name,
        code: product.code,
        price: product.price,
      };
  }
  return byType;
}

/** A new volume for `interval` months from `now`: what its create_volume order will charge. */
export function newVolumeQuote(
  product: PricedProduct,
  size: number,
  interval: IntervalCount,
  now: Date,
): Quote {
  return quote([{ product, quantity: size }], interval, now);
}

/** Growing a volume to `size`: the growth, to the end of its paid period (as the sandbox does). */
export function extensionQuote(
  product: PricedProduct,
  volume: Pick<Volume, 'size' | 'expiry' | 'interval_count'>,
  size: number,
  now: Date,
): Quote {
  return quoteUntil(
    [{ product, quantity: size - volume.size }],
    paidPeriodEnd(volume.expiry, now),
    volume.interval_count,
    now,
  );
}

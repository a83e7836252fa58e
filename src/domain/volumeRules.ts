/**
 * Volume rules shared by the volume screens and the sandbox (spec §5, §9): sizes, never shrinking,
 * which product prices a disk type, and the end of the paid period a change is priced to.
 */
import type { ValidationMessage } from './validation';
import { vietnamMonthStartAfter } from './vietnamTime';

export type VolumeDiskType = 'SSD' | 'HDD';

/** Gigabytes, as the contract's VolumeSize. */
export const VOLUME_SIZE = { min: 10, max: 2000, default: 20 } as const;

/** Spec §3/§7: disks are priced by the products named `DISK SSD` and `DISK HDD`. */
export const VOLUME_PRODUCT_NAMES: Record<VolumeDiskType, 'DISK SSD' | 'DISK HDD'> = {
  SSD: 'DISK SSD',
  HDD: 'DISK HDD',
};

export function validateVolumeSize(value: number | undefined): ValidationMessage {
  if (value === undefined || Number.isNaN(value)) return 'validation.volume_size_required';
  if (!Number.isInteger(value) || value < VOLUME_SIZE.min || value > VOLUME_SIZE.max) {
    return 'validation.volume_size';
  }
  return undefined;
}

/** Spec §5: a volume only grows; the new size must exceed the current one. */
export function validateVolumeExtend(currentSize: number, nextSize: number | undefined) {
  const sizeProblem = validateVolumeSize(nextSize);
  if (sizeProblem) return sizeProblem;
  if ((nextSize as number) <= currentSize) return 'validation.volume_extend_smaller';
  return undefined;
}

/**
 * The end of a resource's paid period, which a change to it is priced to: its expiry while that
 * is ahead; a resource past it runs month by month, so the change is priced to this month's end.
 */
export function paidPeriodEnd(expiry: string | null, now: Date): Date {
  const end = expiry ? new Date(expiry) : undefined;
  return end && end.getTime() > now.getTime() ? end : vietnamMonthStartAfter(now, 1);
}

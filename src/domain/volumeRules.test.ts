import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { vi } from '../i18n/vi';
import {
  paidPeriodEnd,
  validateVolumeExtend,
  validateVolumeSize,
  VOLUME_PRODUCT_NAMES,
} from './volumeRules';

describe('validateVolumeSize', () => {
  it('takes whole gigabytes from 10 to 2000', () => {
    expect(validateVolumeSize(10)).toBeUndefined();
    expect(validateVolumeSize(2000)).toBeUndefined();
    expect(validateVolumeSize(undefined)).toBe('validation.volume_size_required');
    expect(validateVolumeSize(Number.NaN)).toBe('validation.volume_size_required');
    for (const size of [9, 2001, 20.5, -10]) {
      expect(validateVolumeSize(size)).toBe('validation.volume_size');
    }
  });
});

describe('validateVolumeExtend', () => {
  it('only lets a volume grow (spec §5: no shrink)', () => {
    expect(validateVolumeExtend(40, 41)).toBeUndefined();
    expect(validateVolumeExtend(40, 40)).toBe('validation.volume_extend_smaller');
    expect(validateVolumeExtend(40, 20)).toBe('validation.volume_extend_smaller');
    expect(validateVolumeExtend(40, 2001)).toBe('validation.volume_size');
    expect(validateVolumeExtend(40, undefined)).toBe('validation.volume_size_required');
  });

  it('has its messages in both languages', () => {
    for (const key of ['volume_size_required', 'volume_size', 'volume_extend_smaller'] as const) {
      expect(vi.validation[key]).toBeTruthy();
      expect(en.validation[key]).toBeTruthy();
    }
  });
});

describe('paidPeriodEnd', () => {
  const now = new Date('2025-03-10T00:00:00.000Z');

  it('is the expiry while it is ahead', () => {
    expect(paidPeriodEnd('2025-05-31T17:00:00.000Z', now).toISOString()).toBe(
      '2025-05-31T17:00:00.000Z',
    );
  });

  it('is the end of this month (Vietnam time) once the expiry has passed or is unknown', () => {
    expect(paidPeriodEnd('2025-02-28T17:00:00.000Z', now).toISOString()).toBe(
      '2025-03-31T17:00:00.000Z',
    );
    expect(paidPeriodEnd(null, now).toISOString()).toBe('2025-03-31T17:00:00.000Z');
  });
});

it('prices disks by the products spec §7 names', () => {
  expect(VOLUME_PRODUCT_NAMES).toEqual({ SSD: 'DISK SSD', HDD: 'DISK HDD' });
});

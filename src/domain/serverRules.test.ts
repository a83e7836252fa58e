import { describe, expect, it } from 'vitest';

import { lookupMessage } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import {
  diskFitsImage,
  imageAllowsSshKeys,
  rebuildAddsLicense,
  rootDiskForImage,
  validateResize,
  validateServerName,
  validateServerPassword,
} from './serverRules';

describe('server names', () => {
  it.each(['web', 'web-01', 'db_primary', 'A'.repeat(32)])('accepts %s', (name) => {
    expect(validateServerName(name)).toBeUndefined();
  });

  it.each(['ab', 'A'.repeat(33), 'web 01', 'web.01', 'máy-chủ', 'web/01'])('refuses %s', (name) => {
    expect(validateServerName(name)).toBe('validation.server_name');
  });

  it('says 3–32 in the message, the range it enforces', () => {
    expect(lookupMessage(vi, 'validation.server_name')).toContain('3');
    expect(lookupMessage(vi, 'validation.server_name')).toContain('32');
    expect(validateServerName('')).toBe('validation.server_name_required');
  });
});

describe('server (rebuild) passwords', () => {
  it.each(['Abcdefgh12', 'abcdefgh1!', 'ABCDEFGH1#', 'Abcdefghi+', 'Aa1!Aa1!Aa'])(
    'accepts %s',
    (password) => {
      expect(validateServerPassword(password)).toBeUndefined();
    },
  );

  it.each([
    ['too short', 'Abcdef12!'],
    ['two classes', 'abcdefghij12'],
    ['one class', 'abcdefghijkl'],
    ['a special outside the list', 'Abcdefgh1?'],
    ['a space', 'Abcd efgh12'],
    ['a non-ASCII letter', 'Mậtkhẩu1234'],
  ])('refuses one with %s', (_reason, password) => {
    expect(validateServerPassword(password)).toBe('validation.server_password');
  });
});

describe('server passwords at the contract’s length limit', () => {
  it('accepts 128 characters and refuses 129 or more, as the sandbox does', () => {
    expect(validateServerPassword('Aa1@'.repeat(32))).toBeUndefined();
    expect(validateServerPassword('Aa1@'.repeat(32) + 'A')).toBe('validation.password_too_long');
    expect(validateServerPassword('Aa1@'.repeat(50) + 'Aa1')).toBe('validation.password_too_long');
  });
});

describe('resizing', () => {
  const current = { cpu: 2, ram: 4, disk: 40 };

  it('never shrinks the disk', () => {
    expect(validateResize(current, { cpu: 4, ram: 8, disk: 30 })).toBe(
      'validation.resize_smaller_disk',
    );
  });

  it('must change something', () => {
    expect(validateResize(current, { ...current })).toBe('validation.resize_unchanged');
  });

  it('may lower CPU or RAM while keeping or growing the disk', () => {
    expect(validateResize(current, { cpu: 1, ram: 2, disk: 40 })).toBeUndefined();
    expect(validateResize(current, { cpu: 2, ram: 4, disk: 80 })).toBeUndefined();
  });
});

describe('what an image asks of its server', () => {
  const windows = { min_disk: 40, ssh_keys_allowed: false };
  const ubuntu = { min_disk: 10, ssh_keys_allowed: true };

  it('raises the root disk to the image’s minimum and never shrinks it', () => {
    expect(rootDiskForImage(10, windows)).toBe(40);
    expect(rootDiskForImage(80, windows)).toBe(80);
    // Back to Linux: the larger disk stays.
    expect(rootDiskForImage(40, ubuntu)).toBe(40);
    expect(diskFitsImage(39, windows)).toBe(false);
    expect(diskFitsImage(40, windows)).toBe(true);
  });

  it('allows SSH keys unless the image signs in with a password only', () => {
    expect(imageAllowsSshKeys(windows)).toBe(false);
    expect(imageAllowsSshKeys(ubuntu)).toBe(true);
    expect(imageAllowsSshKeys({ min_disk: 10 })).toBe(true);
  });
});

describe('rebuildAddsLicense', () => {
  const linux = { license_product_id: null };
  const windows = { license_product_id: 7 };

  it('is true only when the target carries a licence the current image does not', () => {
    expect(rebuildAddsLicense(linux, windows)).toBe(true);
    expect(rebuildAddsLicense(undefined, windows)).toBe(true);
    expect(rebuildAddsLicense(windows, windows)).toBe(false);
    expect(rebuildAddsLicense(windows, linux)).toBe(false);
    expect(rebuildAddsLicense(linux, linux)).toBe(false);
    expect(rebuildAddsLicense(windows, { license_product_id: 8 })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { vi } from '../i18n/vi';
import {
  defaultReverseDns,
  HOSTNAME_MAX_LENGTH,
  normalizeHostname,
  validateHostname,
} from './hostname';

const label = (length: number) => 'a'.repeat(length);

describe('validateHostname', () => {
  it.each([
    'mail.example.com',
    'a.b',
    'Mail.Example.COM',
    'web-01.khach-hang.vn',
    '103-56-158-24.static.idc.vn',
    `${label(63)}.vn`,
    'xn--vnexpress-abc.vn',
  ])('accepts %s', (name) => {
    expect(validateHostname(name)).toBeUndefined();
  });

  it('accepts a name of exactly 253 characters and refuses 254', () => {
    const name = [label(63), label(63), label(63), label(61)].join('.');
    expect(name).toHaveLength(HOSTNAME_MAX_LENGTH);
    expect(validateHostname(name)).toBeUndefined();
    expect(validateHostname(`a${name}`)).toBe('validation.hostname.too_long');
  });

  it.each([
    [undefined, 'validation.hostname.required'],
    ['', 'validation.hostname.required'],
    ['mail example.com', 'validation.hostname.characters'],
    [' mail.example.com', 'validation.hostname.characters'],
    ['mail_1.example.com', 'validation.hostname.characters'],
    ['máy.example.vn', 'validation.hostname.characters'],
    ['mail.example.com.', 'validation.hostname.dots'],
    ['.example.com', 'validation.hostname.dots'],
    ['mail..example.com', 'validation.hostname.dots'],
    ['localhost', 'validation.hostname.needs_dot'],
    [`${label(64)}.vn`, 'validation.hostname.label_too_long'],
    ['-mail.example.com', 'validation.hostname.label_dash'],
    ['mail-.example.com', 'validation.hostname.label_dash'],
    ['mail.example.com-', 'validation.hostname.label_dash'],
    ['103.56.158.24', 'validation.hostname.top_level'],
    ['mail.example.1com', 'validation.hostname.top_level'],
  ])('refuses %j with %s', (name, message) => {
    expect(validateHostname(name)).toBe(message);
  });

  it('has every message in both languages', () => {
    const keys = Object.keys(vi.validation.hostname);
    expect(keys.sort()).toEqual(Object.keys(en.validation.hostname).sort());
    for (const key of [
      'required',
      'too_long',
      'characters',
      'dots',
      'needs_dot',
      'label_too_long',
      'label_dash',
      'top_level',
    ]) {
      expect(keys).toContain(key);
    }
  });
});

describe('normalizeHostname', () => {
  it('stores names in lower case', () => {
    expect(normalizeHostname('Mail.Example.COM')).toBe('mail.example.com');
  });
});

describe('defaultReverseDns', () => {
  it('joins the digits of an IPv4 address with hyphens under the provider zone', () => {
    expect(defaultReverseDns('103.56.158.24')).toBe('103-56-158-24.static.idc.vn');
  });

  it('writes an IPv6 address out in full so no label starts or ends with a hyphen', () => {
    expect(defaultReverseDns('2405:4800:5a84::24')).toBe('2405-4800-5a84-0-0-0-0-24.static.idc.vn');
    expect(defaultReverseDns('::1')).toBe('0-0-0-0-0-0-0-1.static.idc.vn');
    expect(defaultReverseDns('2405:4800::')).toBe('2405-4800-0-0-0-0-0-0.static.idc.vn');
    expect(defaultReverseDns('2405:0DB8:0000:0000:0000:0000:0000:0001')).toBe(
      '2405-db8-0-0-0-0-0-1.static.idc.vn',
    );
  });

  it('gives names the hostname rule accepts', () => {
    for (const address of ['103.56.158.24', '2405:4800:5a84::24', '::1', '2405:4800::']) {
      expect(validateHostname(defaultReverseDns(address))).toBeUndefined();
    }
  });
});

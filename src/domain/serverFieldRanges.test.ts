import { describe, expect, it } from 'vitest';
import { MAX_IPS_PER_SERVER } from './constants';
import {
  correctIntoRange,
  describeServerFieldRange,
  isInRange,
  serverFieldRange,
} from './serverFieldRanges';
import { SERVER_LIMITS } from './serverRules';

describe('serverFieldRange', () => {
  it('takes CPU, RAM and disk from the shared server limits', () => {
    expect(serverFieldRange('cpu', { ipv6: false })).toEqual(SERVER_LIMITS.cpu);
    expect(serverFieldRange('ram', { ipv6: false })).toEqual(SERVER_LIMITS.ram);
    expect(serverFieldRange('disk', { ipv6: true })).toEqual(SERVER_LIMITS.disk);
  });

  it('leaves room for the primary IPv4 and, when chosen, the IPv6 address', () => {
    expect(serverFieldRange('extraIpv4', { ipv6: false })).toEqual({
      min: 0,
      max: MAX_IPS_PER_SERVER - 1,
    });
    expect(serverFieldRange('extraIpv4', { ipv6: true })).toEqual({
      min: 0,
      max: MAX_IPS_PER_SERVER - 2,
    });
  });
});

describe('describeServerFieldRange', () => {
  it('names a help text per field with the range as its arguments', () => {
    expect(describeServerFieldRange('cpu', { ipv6: false })).toEqual({
      key: 'servers.guide.range_cpu',
      args: { min: 1, max: 64 },
    });
    expect(describeServerFieldRange('ram', { ipv6: false })).toEqual({
      key: 'servers.guide.range_ram',
      args: { min: 1, max: 256 },
    });
    expect(describeServerFieldRange('disk', { ipv6: false })).toEqual({
      key: 'servers.guide.range_disk',
      args: { min: 10, max: 2000 },
    });
  });

  it('says how many addresses a server holds in all beside the extra IPv4 range', () => {
    expect(describeServerFieldRange('extraIpv4', { ipv6: true })).toEqual({
      key: 'servers.guide.range_ips',
      args: { min: 0, max: 18, total: 20 },
    });
  });
});

describe('isInRange', () => {
  it('accepts whole numbers within the range, ends included', () => {
    expect(isInRange(1, { min: 1, max: 64 })).toBe(true);
    expect(isInRange(64, { min: 1, max: 64 })).toBe(true);
    expect(isInRange(0, { min: 1, max: 64 })).toBe(false);
    expect(isInRange(2.5, { min: 1, max: 64 })).toBe(false);
    expect(isInRange('2', { min: 1, max: 64 })).toBe(false);
    expect(isInRange(null, { min: 1, max: 64 })).toBe(false);
  });
});

describe('correctIntoRange', () => {
  const cpu = { min: 1, max: 64 };
  it('brings a number outside the range to its nearest end', () => {
    expect(correctIntoRange('999', cpu, 1)).toBe(64);
    expect(correctIntoRange('-5', { min: 10, max: 2000 }, 10)).toBe(10);
    expect(correctIntoRange('0', cpu, 1)).toBe(1);
  });

  it('rounds a fraction and keeps a number already inside', () => {
    expect(correctIntoRange('2.6', cpu, 1)).toBe(3);
    expect(correctIntoRange('8', cpu, 1)).toBe(8);
  });

  it('gives the fallback for text that is no number', () => {
    expect(correctIntoRange('abc', cpu, 4)).toBe(4);
    expect(correctIntoRange('', cpu, 4)).toBe(4);
    expect(correctIntoRange('Infinity', cpu, 4)).toBe(4);
  });
});

import { afterEach, describe, expect, it } from 'vitest';

import {
  hashPassword,
  PASSWORD_HASH_COST,
  setPasswordHashCost,
  verifyAgainstDecoy,
  verifyPassword,
} from './secrets';

const TEST_COST = 1024; // tests/setup.ts

afterEach(() => setPasswordHashCost(TEST_COST));

describe('password hashes', () => {
  it('are made at scrypt N=16384 unless lowered, and name their cost', async () => {
    setPasswordHashCost(PASSWORD_HASH_COST);
    const stored = await hashPassword('Mật khẩu 1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Mật khẩu 1', stored)).toBe(true);
    expect(await verifyPassword('Mật khẩu 2', stored)).toBe(false);
  });

  it('made at one cost still verify after the cost changes', async () => {
    const cheap = await hashPassword('Demo@12345');
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    setPasswordHashCost(PASSWORD_HASH_COST);
    expect(await verifyPassword('Demo@12345', cheap)).toBe(true);
    expect(await verifyAgainstDecoy('Demo@12345')).toBe(false);
  });

  it('differ for the same password (a salt each)', async () => {
    expect(await hashPassword('Demo@12345')).not.toBe(await hashPassword('Demo@12345'));
  });

  it('refuse a cost scrypt would not take, or one too cheap to protect anything', () => {
    expect(() => setPasswordHashCost(1000)).toThrow(/power of two/);
    expect(() => setPasswordHashCost(512)).toThrow(/at least 1024/);
  });

  it('never verify a value that is not a hash of ours', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc$def$ghi$jkl')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_DB_FILE, readConfig } from './config';

describe('reading the environment', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dbFile: DEFAULT_DB_FILE,
      publicUrl: undefined,
      buildSeconds: 20,
      serverQuota: 10,
    });
    expect(DEFAULT_DB_FILE).toMatch(/[\\/]data[\\/]sandbox\.db$/);
  });

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '9000',
        HOST: '127.0.0.1',
        SANDBOX_DB: ':memory:',
        SANDBOX_PUBLIC_URL: 'https://portal.example.vn/',
        SANDBOX_BUILD_SECONDS: '0',
        SANDBOX_SERVER_QUOTA: '3',
      }),
    ).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dbFile: ':memory:',
      publicUrl: 'https://portal.example.vn',
      buildSeconds: 0,
      serverQuota: 3,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SANDBOX_BUILD_SECONDS', '-1'],
    ['SANDBOX_SERVER_QUOTA', 'ten'],
    ['SANDBOX_SERVER_QUOTA', '-1'],
    ['SANDBOX_PUBLIC_URL', 'portal.example.vn'],
    ['SANDBOX_PUBLIC_URL', 'ftp://portal.example.vn'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });
});

/** The sandbox's environment variables, read and checked in one place. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SandboxConfig {
  port: number;
  host: string;
  dbFile: string;
  /** Origin used in mailed links; undefined means "the origin each request came to". */
  publicUrl: string | undefined;
  buildSeconds: number;
  /** Servers one account may hold, pending create orders included. */
  serverQuota: number;
}

export const DEFAULT_DB_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'data/sandbox.db',
);

export const DEFAULT_SERVER_QUOTA = 10;

export function readConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    port: readInteger(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dbFile: env.SANDBOX_DB || DEFAULT_DB_FILE,
    publicUrl: readOrigin(env, 'SANDBOX_PUBLIC_URL'),
    buildSeconds: readInteger(env, 'SANDBOX_BUILD_SECONDS', 20, 0, 24 * 60 * 60),
    serverQuota: readInteger(env, 'SANDBOX_SERVER_QUOTA', DEFAULT_SERVER_QUOTA, 0, 10_000),
  };
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function readOrigin(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL such as http://localhost:8080, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, not "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

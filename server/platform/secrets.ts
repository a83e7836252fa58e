/** Password hashing and random tokens. Only hashes of secrets ever reach the database. */
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost N for new password hashes: 2^14, some 25–50 ms of one core a hash. */
export const PASSWORD_HASH_COST = 16384;

const SCRYPT = { r: 8, p: 1, keyLength: 64, saltBytes: 16 };

let hashCost = PASSWORD_HASH_COST;
let decoyHash: Promise<string> | undefined;

/**
 * Lowers (or restores) the cost of the hashes this process makes from now on. Only the unit
 * tests call it (tests/setup.ts): they hash and check some 1,400 passwords, which at the real
 * cost were a twelfth of their CPU time. A stored hash names its own cost, so every hash verifies
 * whatever the setting.
 */
export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(Math.log2(cost)) || cost < 1024) {
    throw new Error(`scrypt's cost must be a power of two, at least 1024 (got ${cost})`);
  }
  hashCost = cost;
  decoyHash = undefined;
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const N = hashCost;
  const hash = await derive(password, salt, N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return [
    'scrypt',
    N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** Spends as long as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoyHash);
  return false;
}

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** 256 random bits, URL-safe: session tokens and e-mail link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A six-digit one-time code, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

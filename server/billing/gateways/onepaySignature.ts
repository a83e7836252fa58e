/**
 * OnePay's "secure hash": how the gateway signs the fields it sends and how a merchant checks
 * them. The same code would verify a real OnePay answer given the merchant's real secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The fields a signature covers: `vpc_*` and `user_*`, except the signature fields themselves. */
export function isSignedField(name: string): boolean {
  if (name === 'vpc_SecureHash' || name === 'vpc_SecureHashType') return false;
  return name.startsWith('vpc_') || name.startsWith('user_');
}

/**
 * The text OnePay signs: the signed fields with a value, sorted by name (by UTF-16 code unit,
 * as PHP's ksort does, so `vpc_SHIP_City` sorts before `vpc_SecureHash`), as `name=value`
 * joined with `&`. Values are taken as they are, not URL-encoded.
 */
export function canonicalString(fields: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => isSignedField(entry[0]) && !!entry[1])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** HMAC-SHA256 of the canonical string, keyed with the hex-decoded secret, in uppercase hex. */
export function onepaySignature(
  fields: Readonly<Record<string, string | undefined>>,
  secretHex: string,
): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex'))
    .update(canonicalString(fields), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/**
 * True when `vpc_SecureHash` signs every other `vpc_*`/`user_*` field present. Either case of
 * hex is accepted; the comparison takes the same time wherever the first difference is.
 */
export function hasValidOnepaySignature(
  fields: Readonly<Record<string, string | undefined>>,
  secretHex: string,
): boolean {
  const received = fields.vpc_SecureHash;
  if (!received || !/^[0-9A-Fa-f]{64}$/.test(received)) return false;
  const expected = Buffer.from(onepaySignature(fields, secretHex), 'hex');
  return timingSafeEqual(Buffer.from(received, 'hex'), expected);
}

/**
 * SSH public keys: parsing what a customer pastes, and generating a pair when they paste nothing.
 * Pure functions over `sshpk`; the keys area (keys/keyHandlers.ts) stores and answers the result.
 * Accepted: ed25519, ecdsa (nistp256/384/521) and rsa of at least MIN_RSA_BITS bits, one key in
 * OpenSSH's one-line `.pub` format.
 */
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';

import { looksLikePrivateKey } from '../../src/domain/sshKeys';
import type { MessageKey } from '../platform/i18n';

export const MIN_RSA_BITS = 2048;

/** The key type as `ssh-keygen -l` prints it. */
export type SshKeyType = 'ED25519' | 'ECDSA' | 'RSA';

export interface SshPublicKey {
  type: SshKeyType;
  /** The key size as `ssh-keygen -l` prints it. */
  bits: number;
  /** `SHA256:` and the unpadded base64 digest of the key blob, as `ssh-keygen -l` prints it. */
  fingerprint: string;
  /** The normalised one-line OpenSSH form: type, base64 blob and the comment, if any. */
  line: string;
}

export type PublicKeyProblem =
  'private_key' | 'dsa' | 'rsa_too_short' | 'unsupported_type' | 'not_one_line' | 'malformed';

export type ParsedPublicKey = { key: SshPublicKey } | { problem: PublicKeyProblem };

/** The field error each refusal shows under the public key (src/i18n: validation.*). */
export const PUBLIC_KEY_PROBLEM_MESSAGES: Record<PublicKeyProblem, MessageKey> = {
  private_key: 'validation.ssh_key_private',
  dsa: 'validation.ssh_key_dsa',
  rsa_too_short: 'validation.ssh_key_rsa_too_short',
  unsupported_type: 'validation.ssh_key_unsupported_type',
  not_one_line: 'validation.ssh_key_not_one_line',
  malformed: 'validation.ssh_key_malformed',
};

// The OpenSSH name of each accepted type → sshpk's name for it.
const ACCEPTED_TYPES: Record<string, string> = {
  'ssh-ed25519': 'ed25519',
  'ecdsa-sha2-nistp256': 'ecdsa',
  'ecdsa-sha2-nistp384': 'ecdsa',
  'ecdsa-sha2-nistp521': 'ecdsa',
  'ssh-rsa': 'rsa',
};
const KEYGEN_TYPE_NAMES: Record<string, SshKeyType> = {
  ed25519: 'ED25519',
  ecdsa: 'ECDSA',
  rsa: 'RSA',
};
const PEM_ARMOUR = /^\s*-{4,5} ?BEGIN /m;
// Names OpenSSH gives to key types we do not accept (security keys, certificates, …).
const OTHER_SSH_TYPE = /^(ssh-|ecdsa-|sk-|rsa-sha2-|x509v3-)\S*$/;

/** What a customer pasted, judged: the key, or why it is refused. */
export function parsePublicKey(text: string): ParsedPublicKey {
  if (looksLikePrivateKey(text)) return { problem: 'private_key' };
  // PEM and RFC 4716 public keys: not the one-line .pub form the message asks for.
  if (PEM_ARMOUR.test(text)) return { problem: 'malformed' };
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length !== 1) return { problem: lines.length ? 'not_one_line' : 'malformed' };
  const line = lines[0] as string;
  const [typeName = '', blob = '', ...comment] = line.split(/\s+/);
  if (typeName === 'ssh-dss') return { problem: 'dsa' };
  const expectedType = ACCEPTED_TYPES[typeName];
  if (!expectedType)
    return { problem: OTHER_SSH_TYPE.test(typeName) ? 'unsupported_type' : 'malformed' };
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(`${typeName} ${blob}`, 'ssh');
  } catch {
    return { problem: 'malformed' };
  }
  // The blob names its own type; a line whose prefix says otherwise is not a valid key.
  if (key.type !== expectedType || key.toBuffer('rfc4253').toString('base64') !== blob) {
    return { problem: 'malformed' };
  }
  if (key.type === 'rsa' && key.size < MIN_RSA_BITS) return { problem: 'rsa_too_short' };
  return { key: summarise(key, comment.join(' ')) };
}

/** The public key a stored line holds (lines are stored only after parsePublicKey accepted them). */
export function storedPublicKey(line: string): SshPublicKey {
  const parsed = parsePublicKey(line);
  if ('problem' in parsed) throw new Error(`a stored SSH key does not parse: ${parsed.problem}`);
  return parsed.key;
}

/**
 * A new ed25519 pair for a customer who pasted no key: the public key (commented with the key's
 * name) and the private key in OpenSSH's format, to be mailed once and never kept.
 */
export function generateKeyPair(name: string): { key: SshPublicKey; privateKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const publicKey = sshpk.parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  const privateKey = sshpk.parsePrivateKey(
    pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    'pem',
  );
  privateKey.comment = name;
  return { key: summarise(publicKey, name), privateKey: privateKey.toString('openssh') };
}

function summarise(key: sshpk.Key, comment: string): SshPublicKey {
  const [typeName, blob] = key.toString('ssh').split(' ');
  return {
    type: KEYGEN_TYPE_NAMES[key.type] as SshKeyType,
    bits: key.size,
    fingerprint: key.fingerprint('sha256').toString(),
    line: [typeName, blob, comment].filter(Boolean).join(' '),
  };
}

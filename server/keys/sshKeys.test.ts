import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { afterAll, describe, expect, it } from 'vitest';

import {
  generateKeyPair,
  MIN_RSA_BITS,
  parsePublicKey,
  type PublicKeyProblem,
  type SshKeyType,
} from './sshKeys';
import { scratchDir } from '../testing';

/** A real public key line of the given Node crypto pair, as `ssh-keygen` writes a .pub file. */
function publicLine(pair: { publicKey: KeyObject }, comment = 'me@laptop') {
  const key = sshpk.parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  key.comment = comment;
  return key.toString('ssh');
}

const ed25519 = generateKeyPairSync('ed25519');
const ecdsa256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ecdsa384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const ecdsa521 = generateKeyPairSync('ec', { namedCurve: 'P-521' });
const rsa2048 = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsa4096 = generateKeyPairSync('rsa', { modulusLength: 4096 });
const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 });

const ED25519_LINE = publicLine(ed25519);
const [, ED25519_BLOB = ''] = ED25519_LINE.split(' ');

// Made by `ssh-keygen -t dsa` (OpenSSH no longer generates DSA keys by default).
const DSA_LINE =
  'ssh-dss AAAAB3NzaC1kc3MAAACBAMs4J23lUyYxmTExOBGYiUZzFkCS+ugECCodrw4BXqR4E3IGwQTvNGVZxWlEoiw9IXu1cn0wupNe0Lz6UldHjEzQMTRRUqO9dz2uHlL5OKJujCGX+8WI2fp/6ACSTfsqLFBEXbEc3y3yC8kqyGrHA8+vwYCePWik91D+usF+gVQlAAAAFQCEuQ+iH2Lb90NzPXg9w6jJlvDdqQAAAIBrHVsg986EB0Hl9PvGlpO3QA5Z3Ua5Twlj71Ga3fPvaFv8gyoSLUN1f4aKkC+8mZtM8vBfjxUSG9Xm6Gmj4Spnv02yxaATBCpEViBQe+p3fXt7URKjcBvCT8+02viu1vcPRJWOq25TAYNZBu1GRjmqetMcPmxNcnZZoa7CImmzYAAAAIAw/Iqtxj8oqz03bgXroK252V9JxVH/ay9PvaD6l8RnZ89mvDdEYM2TPs062knq/moKZourxjZJYcM88OKtKnbasMx7jjcts57t7bFqvZM098zAMn5oUl1zux0Uo0xsiu6LO22gsgMeRQwsiA2iEjJBxbTPcQSoM/zZ957Wawa4Xg== old@host';

/** A FIDO security-key ed25519 public key: type name, 32 key bytes, application "ssh:". */
function securityKeyLine(): string {
  const withLength = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const type = 'sk-ssh-ed25519@openssh.com';
  const blob = Buffer.concat([
    withLength(Buffer.from(type)),
    withLength(Buffer.alloc(32, 7)),
    withLength(Buffer.from('ssh:')),
  ]);
  return `${type} ${blob.toString('base64')} yubikey`;
}

/** What `ssh-keygen -l` computes: SHA-256 of the key blob, base64 without its padding. */
function keygenFingerprint(line: string): string {
  const blob = Buffer.from(line.split(/\s+/)[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

const accepted: [string, string, SshKeyType, number][] = [
  ['ed25519', ED25519_LINE, 'ED25519', 256],
  ['ecdsa nistp256', publicLine(ecdsa256), 'ECDSA', 256],
  ['ecdsa nistp384', publicLine(ecdsa384), 'ECDSA', 384],
  ['ecdsa nistp521', publicLine(ecdsa521), 'ECDSA', 521],
  ['rsa 2048', publicLine(rsa2048), 'RSA', 2048],
  ['rsa 4096', publicLine(rsa4096), 'RSA', 4096],
];

const refused: [string, string, PublicKeyProblem][] = [
  ['a dsa key', DSA_LINE, 'dsa'],
  ['an rsa key shorter than 2048 bits', publicLine(rsa1024), 'rsa_too_short'],
  [
    'an OpenSSH private key',
    sshpk
      .parsePrivateKey(ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }), 'pem')
      .toString('openssh'),
    'private_key',
  ],
  [
    'a PEM (PKCS#1) private key',
    rsa2048.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    'private_key',
  ],
  ['a security-key (sk-) key', securityKeyLine(), 'unsupported_type'],
  [
    'a certificate',
    `ssh-ed25519-cert-v01@openssh.com ${ED25519_BLOB} me@laptop`,
    'unsupported_type',
  ],
  ['two keys on two lines', `${ED25519_LINE}\n${publicLine(ecdsa256)}`, 'not_one_line'],
  ['a truncated key', 'ssh-ed25519 AAAAC3Nza demo', 'malformed'],
  ['a blob that is not base64', 'ssh-ed25519 !!!notbase64!!! me', 'malformed'],
  ['a type name without a key', 'ssh-ed25519', 'malformed'],
  ['a prefix that contradicts the blob', `ssh-rsa ${ED25519_BLOB} me`, 'malformed'],
  ['the blob with a byte cut off', `ssh-ed25519 ${ED25519_BLOB.slice(0, -8)}`, 'malformed'],
  ['prose', 'my laptop key', 'malformed'],
  [
    'a PEM public key (not the .pub line)',
    ed25519.publicKey.export({ type: 'spki', format: 'pem' }) as string,
    'malformed',
  ],
  [
    'an RFC 4716 public key',
    `---- BEGIN SSH2 PUBLIC KEY ----\n${ED25519_BLOB}\n---- END SSH2 PUBLIC KEY ----`,
    'malformed',
  ],
  ['white space only', ' \n\t ', 'malformed'],
];

describe('parsePublicKey', () => {
  it.each(accepted)(
    'accepts %s, typed and fingerprinted as ssh-keygen -l prints it',
    (_, line, type, bits) => {
      const parsed = parsePublicKey(line);
      expect(parsed).toEqual({
        key: { type, bits, fingerprint: keygenFingerprint(line), line },
      });
      if ('key' in parsed) expect(parsed.key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    },
  );

  it.each(refused)('refuses %s', (_, text, problem) => {
    expect(parsePublicKey(text)).toEqual({ problem });
  });

  it('accepts exactly 2048 bits and refuses one bit less, as the rule says', () => {
    expect(MIN_RSA_BITS).toBe(2048);
    expect(parsePublicKey(publicLine(rsa2048))).toHaveProperty('key.bits', 2048);
    const rsa2040 = generateKeyPairSync('rsa', { modulusLength: 2040 });
    expect(parsePublicKey(publicLine(rsa2040))).toEqual({ problem: 'rsa_too_short' });
  });

  it('keeps the comment and tidies the white space a paste brings along', () => {
    const [type, blob] = ED25519_LINE.split(' ');
    const parsed = parsePublicKey(`\r\n  ${type}\t${blob}   work laptop  \r\n`);
    expect(parsed).toHaveProperty('key.line', `${type} ${blob} work laptop`);
    expect(parsePublicKey(`${type} ${blob}`)).toHaveProperty('key.line', `${type} ${blob}`);
  });
});

describe('generateKeyPair', () => {
  it('makes an ed25519 pair whose OpenSSH private key belongs to the public key', () => {
    const { key, privateKey } = generateKeyPair('laptop');
    expect(key).toMatchObject({ type: 'ED25519', bits: 256 });
    expect(key.line).toMatch(/^ssh-ed25519 \S+ laptop$/);
    expect(key.fingerprint).toBe(keygenFingerprint(key.line));
    expect(privateKey).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n?$/,
    );
    const reread = sshpk.parsePrivateKey(privateKey, 'openssh');
    expect(reread.toPublic().fingerprint('sha256').toString()).toBe(key.fingerprint);
    // The generated public key passes the same parser a pasted one does.
    expect(parsePublicKey(key.line)).toEqual({ key });
  });

  it('makes a new pair every time', () => {
    expect(generateKeyPair('a').key.fingerprint).not.toBe(generateKeyPair('a').key.fingerprint);
  });
});

// Cross-check with OpenSSH itself where it is installed (it is on the project's Debian image).
const SSH_KEYGEN = '/usr/bin/ssh-keygen';
describe.runIf(existsSync(SSH_KEYGEN))('agreement with OpenSSH’s ssh-keygen', () => {
  const scratch = scratchDir();
  afterAll(() => scratch.cleanup());
  const keygen = (...args: string[]) => execFileSync(SSH_KEYGEN, args, { encoding: 'utf8' }).trim();

  it.each(accepted)('the %s key’s size, fingerprint and type', (label, line, type, bits) => {
    const file = join(scratch.dir, `${label.replace(/\W/g, '_')}.pub`);
    writeFileSync(file, `${line}\n`);
    expect(keygen('-l', '-f', file)).toBe(`${bits} ${keygenFingerprint(line)} me@laptop (${type})`);
    expect(parsePublicKey(line)).toHaveProperty('key.fingerprint', keygenFingerprint(line));
  });

  it('reads the generated private key and derives the same public key from it', () => {
    const { key, privateKey } = generateKeyPair('laptop');
    const file = join(scratch.dir, 'generated');
    writeFileSync(file, privateKey, { mode: 0o600 });
    const [type, blob] = keygen('-y', '-f', file).split(' ');
    expect(`${type} ${blob} laptop`).toBe(key.line);
  });
});

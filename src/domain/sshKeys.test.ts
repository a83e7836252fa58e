import { describe, expect, it } from 'vitest';

import { en } from '../i18n/en';
import { vi } from '../i18n/vi';
import { looksLikePrivateKey, precheckSshPublicKey } from './sshKeys';

const PUBLIC_LINE =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIOMNVGBIUq4XI20lwahwD7F2KFbvczlaxkAMbI7wK7k laptop';

describe('looksLikePrivateKey', () => {
  it.each([
    ['OpenSSH', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n'],
    ['PKCS#1 RSA', '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n'],
    ['PKCS#8', '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI\n'],
    ['encrypted PKCS#8', '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG\n'],
    ['EC', '  -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI\n'],
    ['PuTTY', 'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n'],
  ])('recognises a pasted %s private key', (_, text) => {
    expect(looksLikePrivateKey(text)).toBe(true);
  });

  it.each([
    ['a public key line', PUBLIC_LINE],
    ['a PEM public key', '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n'],
    ['a comment that mentions a private key', `${PUBLIC_LINE} not-my-private-key`],
    ['nothing', ''],
  ])('lets %s through', (_, text) => {
    expect(looksLikePrivateKey(text)).toBe(false);
  });
});

describe('precheckSshPublicKey', () => {
  it('allows a blank key (a pair is then generated) and a public key', () => {
    expect(precheckSshPublicKey(undefined)).toBeUndefined();
    expect(precheckSshPublicKey('')).toBeUndefined();
    expect(precheckSshPublicKey(PUBLIC_LINE)).toBeUndefined();
  });

  it('refuses a private key with a message both languages have', () => {
    const key = precheckSshPublicKey('-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n');
    expect(key).toBe('validation.ssh_key_private');
    expect(vi.validation.ssh_key_private).toMatch(/khoá bí mật/);
    expect(en.validation.ssh_key_private).toMatch(/private key/);
  });
});

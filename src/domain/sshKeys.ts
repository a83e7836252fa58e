/**
 * The one check on a pasted SSH public key that is cheap enough for the form: a private key
 * pasted by mistake (it must never be sent anywhere). The sandbox parses the key itself
 * (server/keys/sshKeys.ts) and its answer is the authority; it starts with this same check.
 */
import type { ValidationMessage } from './validation';

// OpenSSH, PKCS#1/#8 and PuTTY private keys; a public key line never contains these words.
const PRIVATE_KEY_MARKERS = [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/, /^PuTTY-User-Key-File-/m];

export function looksLikePrivateKey(text: string): boolean {
  return PRIVATE_KEY_MARKERS.some((marker) => marker.test(text));
}

/** Blank is allowed: the sandbox then generates a pair and e-mails the private key. */
export function precheckSshPublicKey(value: string | undefined): ValidationMessage {
  return value && looksLikePrivateKey(value) ? 'validation.ssh_key_private' : undefined;
}

/**
 * Reverse DNS (PTR) names of a server's addresses: the hostname rule the IP tab's form and the
 * sandbox share (`x-rule: hostname` in the contract), and the name an address has until its owner
 * sets one. Validators answer undefined or the i18n key of their message.
 */
import type { ValidationMessage } from './validation';

/** RFC 1035: a name of at most 253 characters (written without the final dot). */
export const HOSTNAME_MAX_LENGTH = 253;
/** RFC 1035: each label between two dots is 1 to 63 characters. */
export const HOSTNAME_LABEL_MAX_LENGTH = 63;

/**
 * The provider's zone for the names it gives addresses by default (its portal is portal.idc.vn):
 * 103.56.158.24 → 103-56-158-24.static.idc.vn.
 */
export const REVERSE_DNS_ZONE = 'static.idc.vn';

const HOSTNAME_CHARACTERS = /^[A-Za-z0-9.-]+$/;

/**
 * A fully qualified host name: two labels or more of letters a–z (either case), digits and inner
 * hyphens, 1–63 characters each, 253 in all, the last label (the top-level domain) starting with
 * a letter, so an address ("1.2.3.4") is never taken for a name. No final dot.
 */
export function validateHostname(value: string | undefined): ValidationMessage {
  const name = value ?? '';
  if (!name) return 'validation.hostname.required';
  if (name.length > HOSTNAME_MAX_LENGTH) return 'validation.hostname.too_long';
  if (!HOSTNAME_CHARACTERS.test(name)) return 'validation.hostname.characters';
  const labels = name.split('.');
  if (labels.some((label) => label === '')) return 'validation.hostname.dots';
  if (labels.length < 2) return 'validation.hostname.needs_dot';
  if (labels.some((label) => label.length > HOSTNAME_LABEL_MAX_LENGTH)) {
    return 'validation.hostname.label_too_long';
  }
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-'))) {
    return 'validation.hostname.label_dash';
  }
  if (!/^[A-Za-z]/.test(labels[labels.length - 1] ?? '')) return 'validation.hostname.top_level';
  return undefined;
}

/** Host names are case-insensitive: they are stored and shown in lower case. */
export const normalizeHostname = (name: string): string => name.toLowerCase();

/**
 * The name an address answers to until its owner sets one: its digits joined by hyphens under
 * REVERSE_DNS_ZONE. An IPv6 address is written out in full (eight groups, leading zeros dropped),
 * so "::" never puts a hyphen at the edge of the label:
 * 2405:4800:5a84::24 → 2405-4800-5a84-0-0-0-0-24.static.idc.vn.
 */
export function defaultReverseDns(address: string): string {
  const label = address.includes(':')
    ? expandIpv6(address).join('-')
    : address.split('.').join('-');
  return `${label}.${REVERSE_DNS_ZONE}`;
}

/** The eight groups of an IPv6 address, lower case, without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const missing = Math.max(0, 8 - front.length - back.length);
  return [...front, ...Array<string>(missing).fill('0'), ...back].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}

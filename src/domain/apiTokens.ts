/**
 * API tokens (issue 20): what the account page's form and the sandbox agree on. A token's value
 * starts with a recognisable prefix, so one pasted where it should not be (a repository, a
 * ticket, a log) is easy to spot and to search for.
 */
export const API_TOKEN_PREFIX = 'idcpat_';

/** `read` tokens may only GET; `read_write` ones may do what the customer may, outside the account. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The lifetimes offered, in days; null is "never expires". */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365, null] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRY_DAYS)[number];
/** What the form proposes: long enough for a script, short enough to be forgotten safely. */
export const DEFAULT_API_TOKEN_EXPIRY: ApiTokenExpiry = 90;

/** How many tokens an account may hold at once (expired ones count until revoked). */
export const MAX_API_TOKENS = 20;
export const API_TOKEN_NAME_MAX = 64;

export function validateApiTokenName(name: string | null | undefined): string | undefined {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return 'validation.api_token.name_required';
  if (trimmed.length > API_TOKEN_NAME_MAX) return 'validation.api_token.name_too_long';
  return undefined;
}

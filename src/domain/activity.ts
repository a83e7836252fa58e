/**
 * The account activity log's kinds of event (issue 20) and the groups the log is filtered by:
 * shared by the sandbox, which records and filters them, and the portal, which says each in words
 * (`account.activity.kind.<kind>`) and offers the groups as a filter.
 */

/** What the log's filter offers: sign-ins and account protection, money, servers. */
export const ACTIVITY_GROUPS = ['security', 'money', 'servers'] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

/** Every kind of event, each in its one group. */
export const ACTIVITY_KIND_GROUPS = {
  sign_in: 'security',
  sign_in_failed: 'security',
  email_confirmed: 'security',
  password_changed: 'security',
  password_reset: 'security',
  phone_changed: 'security',
  email_changed: 'security',
  two_factor_enabled: 'security',
  two_factor_disabled: 'security',
  two_factor_codes_renewed: 'security',
  api_token_created: 'security',
  api_token_revoked: 'security',
  session_revoked: 'security',
  agency_account_created: 'security',
  top_up: 'money',
  payment: 'money',
  order_placed: 'money',
  server_created: 'servers',
  server_deleted: 'servers',
  server_rebuilt: 'servers',
  server_resized: 'servers',
  server_power: 'servers',
  server_password_reset: 'servers',
  server_terminated: 'servers',
} as const satisfies Record<string, ActivityGroup>;

export type ActivityKind = keyof typeof ACTIVITY_KIND_GROUPS;

export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_GROUPS) as ActivityKind[];

/** The kinds of one group, for the log's filter. */
export function kindsOfGroup(group: ActivityGroup): ActivityKind[] {
  return ACTIVITY_KINDS.filter((kind) => ACTIVITY_KIND_GROUPS[kind] === group);
}

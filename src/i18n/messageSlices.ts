/**
 * Which messages a first download carries. Every message stays in vi.ts / en.ts (translators edit
 * one file per language); the build picks slices of them (vite.config.ts, `virtual:messages/…`).
 */
import type { MessageTree } from './interpolate';

/**
 * What the public pages, Root, the language flags and the public error boundary translate: dotted
 * areas, a last part ending in `*` taking every key it starts. messages.test.ts fails when one of
 * them translates a key outside these areas.
 */
export const PUBLIC_MESSAGE_AREAS = [
  'app.language',
  'app.page',
  'app.field',
  'app.auth',
  'app.error',
  'app.action',
  'app.phone',
  'validation.email_*',
  'validation.password_*',
  'validation.fullname_*',
  'validation.phone_*',
];

/**
 * What only the register page shows (the configuration a pricing link chose, the phone rule's
 * word on a shown number that is not the phone): fetched with that page, not with the first
 * download.
 */
export const REGISTER_MESSAGE_AREAS = ['register_page', 'validation.formatted_phone_*'];

/** What only the e-mail verification page shows: fetched with that page. */
export const VERIFY_MESSAGE_AREAS = ['account.verify'];

/** What only the sign-in's second step shows (issue 20): fetched with that form. */
export const SIGN_IN_CODE_MESSAGE_AREAS = ['sign_in_code'];

/**
 * What the first-data pictures write (src/firstData): the server list's title, column names,
 * states and configuration; the balance history's title, figures, tabs, columns and lines; the
 * dashboard's welcome, figures and spending total; a server's page's facts.
 */
export const FIRST_DATA_MESSAGE_AREAS = [
  'servers.list.title',
  'servers.status',
  'servers.config',
  'resources.cloud-server.fields.name',
  'resources.cloud-server.fields.status',
  'resources.cloud-server.fields.ips',
  'resources.cloud-server.fields.plan',
  'resources.cloud-server.fields.created',
  // A server's page's (serverPagePreview.ts), beside the list's.
  'resources.cloud-server.fields.ipv4',
  'resources.cloud-server.fields.ipv6',
  'resources.cloud-server.fields.os',
  // The balance history's (balanceHistoryPreview.ts).
  'billing.title',
  'billing.balance',
  'billing.unpaid',
  'billing.tabs',
  'billing.history.fields',
  'billing.history.type',
  'billing.history.method',
  'ledger',
  'orders.type',
  // The dashboard's (dashboardPreview.ts).
  'dashboard.welcome',
  'dashboard.money.balance',
  'dashboard.money.unpaid',
  'dashboard.servers.title',
  'dashboard.spending.title',
  'dashboard.spending.total',
];

/**
 * What only the sandbox API says (its answers, mails and pages, in the `server` area): it reads
 * vi.ts and en.ts whole, and the portal never translates these keys, so the portal's download
 * (`virtual:messages/<locale>/portal`) leaves them out: some 8 KB gzip per language.
 */
export const SANDBOX_ONLY_MESSAGE_AREAS = ['server'];

/** A tree holding every top-level area of `messages` but the given ones. */
export function withoutAreas(messages: MessageTree, areas: readonly string[]): MessageTree {
  return Object.fromEntries(Object.entries(messages).filter(([area]) => !areas.includes(area)));
}

/** The slices `virtual:messages/<locale>/<slice>` serves (vite.config.ts). */
export const MESSAGE_SLICE_AREAS: Record<string, readonly string[]> = {
  public: PUBLIC_MESSAGE_AREAS,
  register: REGISTER_MESSAGE_AREAS,
  verify: VERIFY_MESSAGE_AREAS,
  sign_in_code: SIGN_IN_CODE_MESSAGE_AREAS,
  first_data: FIRST_DATA_MESSAGE_AREAS,
};

/** A tree holding only the given areas of `messages` (an area it lacks is left out). */
export function pickMessages(messages: MessageTree, areas: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const area of areas) {
    const parts = area.split('.');
    const last = parts.pop() as string;
    let source: MessageTree | undefined = messages;
    let target = picked;
    for (const part of parts) {
      const next: string | MessageTree | undefined = source?.[part];
      source = typeof next === 'object' ? next : undefined;
      const existing = target[part];
      target = typeof existing === 'object' ? existing : (target[part] = {});
    }
    if (!source) continue;
    const prefix = last.endsWith('*') ? last.slice(0, -1) : undefined;
    for (const [key, value] of Object.entries(source)) {
      if (prefix === undefined ? key === last : key.startsWith(prefix)) target[key] = value;
    }
  }
  return picked;
}

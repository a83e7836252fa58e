/** The sandbox's environment variables, read and checked in one place. */
import { DEFAULT_LIFE_POLICY, type LifePolicy } from '../src/domain/serviceLife';
import { validateTaxCode } from '../src/domain/taxCode';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CARD_GATEWAY, type CardGatewaySettings } from './billing/gateways/cardGateway';
import { DEFAULT_USD_RATE } from './billing/gateways/paypalGateway';
import { DEFAULT_SELLER, type InvoiceSeller } from './billing/invoiceDocument';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './platform/rateLimits';
import { DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './platform/accountLimits';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './auth/sessions';
import { DEFAULT_SUPPORT_REPLY_SECONDS } from './support/tickets';

export interface SandboxConfig {
  port: number;
  /** Interface to listen on: the loopback one unless exposed on purpose (the outbox shows every mail). */
  host: string;
  dbFile: string;
  /** Origin used in mailed links; never taken from a request. */
  publicUrl: string;
  buildSeconds: number;
  /** Servers one account may hold, pending create orders included. */
  serverQuota: number;
  /** VITE_LIVECHAT_SCRIPT_URL, as the served portal was built with: its origin joins the CSP. */
  liveChatScriptUrl: string | undefined;
  /** Check every API answer against the contract (the end-to-end runs turn it on). */
  validateResponses: boolean;
  sessions: SessionPolicy;
  rateLimits: RateLimitSettings;
  /** Open tickets, pending orders and payments per account; accounts per agency and day. */
  accountLimits: AccountLimits;
  /** The OnePay-compatible card gateway's merchant, access code and secret. */
  cardGateway: CardGatewaySettings;
  /** Dong per US dollar: what a PayPal top-up charges, and what its credit is converted at. */
  usdRate: number;
  /** How long after a customer's ticket message the sandbox's support answers it. */
  supportReplySeconds: number;
  lifePolicy: LifePolicy;
  /** The company invoices name as the seller (SANDBOX_SELLER_NAME, _TAX_CODE, _ADDRESS). */
  seller: InvoiceSeller;
}

export const DEFAULT_DB_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'data/sandbox.db',
);

export const DEFAULT_SERVER_QUOTA = 10;
export const DEFAULT_HOST = '127.0.0.1';
/** What buildApp puts in mailed links when not told otherwise. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

const TEN_YEARS_IN_DAYS = 3650;
const LIMIT_MAX = 100_000;

export function readConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = readInteger(env, 'PORT', 8080, 0, 65535);
  const idleDays = readInteger(
    env,
    'SANDBOX_SESSION_IDLE_DAYS',
    DEFAULT_SESSION_POLICY.idleDays,
    1,
    TEN_YEARS_IN_DAYS,
  );
  const maxDays = readInteger(
    env,
    'SANDBOX_SESSION_MAX_DAYS',
    Math.max(DEFAULT_SESSION_POLICY.maxDays, idleDays),
    1,
    TEN_YEARS_IN_DAYS,
  );
  if (maxDays < idleDays) {
    throw new Error(
      `SANDBOX_SESSION_MAX_DAYS (${maxDays}) must not be less than SANDBOX_SESSION_IDLE_DAYS (${idleDays})`,
    );
  }
  const limit = (name: string, fallback: number) => readInteger(env, name, fallback, 1, LIMIT_MAX);
  return {
    port,
    host: env.HOST || DEFAULT_HOST,
    dbFile: env.SANDBOX_DB || DEFAULT_DB_FILE,
    publicUrl: readOrigin(env, 'SANDBOX_PUBLIC_URL') ?? `http://localhost:${port}`,
    buildSeconds: readInteger(env, 'SANDBOX_BUILD_SECONDS', 20, 0, 24 * 60 * 60),
    serverQuota: readInteger(env, 'SANDBOX_SERVER_QUOTA', DEFAULT_SERVER_QUOTA, 0, 10_000),
    liveChatScriptUrl: env.VITE_LIVECHAT_SCRIPT_URL || undefined,
    validateResponses: readSwitch(env, 'SANDBOX_VALIDATE_RESPONSES'),
    sessions: { idleDays, maxDays },
    rateLimits: {
      loginFailuresPerEmail: limit(
        'SANDBOX_LOGIN_FAILURES_PER_EMAIL',
        DEFAULT_RATE_LIMITS.loginFailuresPerEmail,
      ),
      loginFailuresPerAddress: limit(
        'SANDBOX_LOGIN_FAILURES_PER_ADDRESS',
        DEFAULT_RATE_LIMITS.loginFailuresPerAddress,
      ),
      mailsPerHour: limit('SANDBOX_MAILS_PER_HOUR', DEFAULT_RATE_LIMITS.mailsPerHour),
      linkAttemptsPer15Min: limit(
        'SANDBOX_LINK_ATTEMPTS_PER_15MIN',
        DEFAULT_RATE_LIMITS.linkAttemptsPer15Min,
      ),
      registrationsPerHour: limit(
        'SANDBOX_REGISTRATIONS_PER_HOUR',
        DEFAULT_RATE_LIMITS.registrationsPerHour,
      ),
      resetRequestsPerAddressPerHour: limit(
        'SANDBOX_RESETS_PER_ADDRESS_PER_HOUR',
        DEFAULT_RATE_LIMITS.resetRequestsPerAddressPerHour,
      ),
      creationsPerHour: limit('SANDBOX_CREATIONS_PER_HOUR', DEFAULT_RATE_LIMITS.creationsPerHour),
      couponTriesPer15Min: limit(
        'SANDBOX_COUPON_TRIES_PER_15MIN',
        DEFAULT_RATE_LIMITS.couponTriesPer15Min,
      ),
    },
    accountLimits: {
      openTickets: limit('SANDBOX_OPEN_TICKETS', DEFAULT_ACCOUNT_LIMITS.openTickets),
      pendingOrders: limit('SANDBOX_PENDING_ORDERS', DEFAULT_ACCOUNT_LIMITS.pendingOrders),
      pendingPayments: limit('SANDBOX_PENDING_PAYMENTS', DEFAULT_ACCOUNT_LIMITS.pendingPayments),
      agencyAccountsPerDay: limit(
        'SANDBOX_AGENCY_ACCOUNTS_PER_DAY',
        DEFAULT_ACCOUNT_LIMITS.agencyAccountsPerDay,
      ),
    },
    cardGateway: {
      merchant: env.SANDBOX_CARD_MERCHANT || DEFAULT_CARD_GATEWAY.merchant,
      accessCode: env.SANDBOX_CARD_ACCESS_CODE || DEFAULT_CARD_GATEWAY.accessCode,
      secret: readHexSecret(env, 'SANDBOX_CARD_SECRET') ?? DEFAULT_CARD_GATEWAY.secret,
    },
    usdRate: readInteger(env, 'SANDBOX_USD_RATE', DEFAULT_USD_RATE, 1_000, 1_000_000),
    supportReplySeconds: readInteger(
      env,
      'SANDBOX_SUPPORT_REPLY_SECONDS',
      DEFAULT_SUPPORT_REPLY_SECONDS,
      0,
      7 * 24 * 60 * 60,
    ),
    lifePolicy: readLifePolicy(env),
    seller: readSeller(env),
  };
}

/** The seller printed on invoices; an invented company unless configured. */
function readSeller(env: NodeJS.ProcessEnv): InvoiceSeller {
  const taxCode = env.SANDBOX_SELLER_TAX_CODE?.trim() || DEFAULT_SELLER.tax_code;
  if (validateTaxCode(taxCode)) {
    throw new Error(
      `SANDBOX_SELLER_TAX_CODE must be 10 digits, or 10 digits, a dash and 3, not "${taxCode}"`,
    );
  }
  return {
    name: env.SANDBOX_SELLER_NAME?.trim() || DEFAULT_SELLER.name,
    tax_code: taxCode,
    address: env.SANDBOX_SELLER_ADDRESS?.trim() || DEFAULT_SELLER.address,
  };
}

/** The service life cycle's days (src/domain/serviceLife.ts); suspension comes before termination. */
function readLifePolicy(env: NodeJS.ProcessEnv): LifePolicy {
  const days = (name: string, fallback: number) => readInteger(env, name, fallback, 0, 365);
  const policy: LifePolicy = {
    renewalNoticeDays: days('SANDBOX_RENEWAL_NOTICE_DAYS', DEFAULT_LIFE_POLICY.renewalNoticeDays),
    graceDays: days('SANDBOX_GRACE_DAYS', DEFAULT_LIFE_POLICY.graceDays),
    terminateAfterDays: days('SANDBOX_TERMINATE_DAYS', DEFAULT_LIFE_POLICY.terminateAfterDays),
  };
  if (policy.terminateAfterDays <= policy.graceDays) {
    throw new Error(
      `SANDBOX_TERMINATE_DAYS (${policy.terminateAfterDays}) must be more than SANDBOX_GRACE_DAYS (${policy.graceDays})`,
    );
  }
  return policy;
}

/** A key given as hex, as OnePay hands out its secrets: at least 16 bytes. */
function readHexSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!/^(?:[0-9A-Fa-f]{2}){16,}$/.test(raw)) {
    throw new Error(`${name} must be a hex string of at least 32 digits (16 bytes)`);
  }
  return raw;
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function readSwitch(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1, true, 0 or false, not "${env[name]}"`);
}

function readOrigin(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL such as http://localhost:8080, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, not "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

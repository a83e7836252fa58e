/**
 * The contract's security schemes as the routes use them: a request passes one of an operation's
 * requirements when every scheme named in it admits the same user. The schemes themselves
 * (`tokenAuth`, `basicAuth`) are the accounts' business: auth/security.ts implements them and the
 * composition (app.ts) hands them to the routes.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER_PREFIX } from '../../src/domain/constants';
import type { Db } from './db';
import { ApiError } from './errors';
import type { MessageKey } from './i18n';
import type { ClientInfo, SessionPolicy } from './handler';

/** One entry of an OpenAPI `security` list: every scheme named in it must pass. */
export type SecurityRequirement = Record<string, string[]>;

/**
 * Runs one password check on behalf of the abuse limits: it may refuse the attempt before the
 * (slow) check runs, by throwing a 429, and it learns whether the password matched.
 */
export type PasswordAttemptGuard = (checkPassword: () => Promise<boolean>) => Promise<boolean>;

/** What the schemes need to know about the operation called. */
export interface CalledOperation {
  operationId: string;
  /** Lower case, as in the contract: `get`, `post`, … */
  method: string;
  /** The contract's `x-session-only: true`: the account's own operations, never for API tokens. */
  sessionOnly: boolean;
}

/** What the schemes need to know about one request. */
export interface AuthenticationInput {
  authorization: string | undefined;
  db: Db;
  now: Date;
  sessions: SessionPolicy;
  operation: CalledOperation;
  guardPasswordAttempt?: PasswordAttemptGuard;
  /** The caller, for the activity log's failed sign-ins. */
  client?: ClientInfo;
}

/** Who a request is made for, and whether a script's API token (not a session) vouched for it. */
export interface Caller {
  userId: number;
  viaApiToken?: boolean;
}

/**
 * A scheme admits a caller or names why not: 401 (unknown, expired or missing credentials) unless
 * `status` says 403 (a valid credential that may not do this).
 */
type Verdict = Caller | { failure: MessageKey; status?: 403 };

/** One scheme: admits a user, or names why not. */
export type SchemeVerifier = (input: AuthenticationInput) => Promise<Verdict>;

/** The schemes the routes know, by the contract's name. */
export type SecuritySchemes = Readonly<Record<string, SchemeVerifier>>;

/**
 * Answers the caller the request is made for (undefined when the operation is open to anyone),
 * or throws 401 (403 when a scheme knew the caller but refuses them this operation; 429 when the
 * password limits refuse the attempt).
 */
export async function authenticate(
  schemes: SecuritySchemes,
  requirements: readonly SecurityRequirement[],
  input: AuthenticationInput,
): Promise<Caller | undefined> {
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) {
    return undefined;
  }
  let failure: { failure: MessageKey; status?: 403 } = { failure: 'server.unauthorized' };
  for (const requirement of requirements) {
    const verdicts = await Promise.all(
      Object.keys(requirement).map((scheme) => verifierFor(schemes, scheme)(input)),
    );
    const users = new Set(verdicts.map((v) => ('userId' in v ? v.userId : undefined)));
    const [userId] = users;
    if (users.size === 1 && userId !== undefined) {
      const viaApiToken = verdicts.some((v) => 'userId' in v && v.viaApiToken === true);
      return { userId, viaApiToken };
    }
    const firstFailure = verdicts.find((v) => 'failure' in v);
    if (firstFailure && 'failure' in firstFailure) failure = firstFailure;
  }
  throw new ApiError(failure.status ?? 401, failure.failure);
}

function verifierFor(schemes: SecuritySchemes, scheme: string): SchemeVerifier {
  const verifier = schemes[scheme];
  if (!verifier) throw new Error(`The sandbox does not know the security scheme "${scheme}"`);
  return verifier;
}

/** The session token of an `Authorization: Token …` header. */
export function sessionTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith(AUTH_HEADER_PREFIX)) return undefined;
  return authorization.slice(AUTH_HEADER_PREFIX.length).trim();
}

/** The e-mail and password of an `Authorization: Basic …` header. */
export function basicCredentials(authorization: string | undefined) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * API answers carry tokens or personal data, and the outbox carries every mail: no browser or
 * proxy may keep a copy. Set when sending, so error answers get it too.
 */
export function forbidCachingOfPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (/^\/(api|sandbox)(\/|$)/.test(path)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

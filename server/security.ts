/** The contract's security schemes: `tokenAuth` (Authorization: Token …) and `basicAuth`. */
import { AUTH_HEADER_PREFIX } from '../src/domain/constants';
import type { Db } from './db';
import { ApiError } from './errors';
import type { MessageKey } from './i18n';
import { verifyAgainstDecoy, verifyPassword } from './secrets';
import { userIdForSessionToken } from './sessions';
import { findUserByEmail } from './users';

/** One entry of an OpenAPI `security` list: every scheme named in it must pass. */
export type SecurityRequirement = Record<string, string[]>;

type Verdict = { userId: number } | { failure: MessageKey };
type SchemeVerifier = (authorization: string | undefined, db: Db) => Promise<Verdict>;

const verifiers: Record<string, SchemeVerifier> = {
  tokenAuth: async (authorization, db) => {
    if (!authorization?.startsWith(AUTH_HEADER_PREFIX)) return { failure: 'server.unauthorized' };
    const userId = userIdForSessionToken(db, authorization.slice(AUTH_HEADER_PREFIX.length).trim());
    return userId === undefined ? { failure: 'server.unauthorized' } : { userId };
  },
  basicAuth: async (authorization, db) => {
    const credentials = parseBasic(authorization);
    if (!credentials) return { failure: 'server.invalid_credentials' };
    const user = findUserByEmail(db, credentials.email);
    const matches = user
      ? await verifyPassword(credentials.password, user.password_hash)
      : await verifyAgainstDecoy(credentials.password);
    return user && matches ? { userId: user.id } : { failure: 'server.invalid_credentials' };
  },
};

export const SUPPORTED_SCHEMES = Object.keys(verifiers);

/**
 * Answers the user the request is made for (undefined when the operation is open to anyone),
 * or throws 401.
 */
export async function authenticate(
  requirements: readonly SecurityRequirement[],
  authorization: string | undefined,
  db: Db,
): Promise<number | undefined> {
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) {
    return undefined;
  }
  let failure: MessageKey = 'server.unauthorized';
  for (const requirement of requirements) {
    const verdicts = await Promise.all(
      Object.keys(requirement).map((scheme) => verifierFor(scheme)(authorization, db)),
    );
    const users = new Set(verdicts.map((v) => ('userId' in v ? v.userId : undefined)));
    const [userId] = users;
    if (users.size === 1 && userId !== undefined) return userId;
    const firstFailure = verdicts.find((v) => 'failure' in v);
    if (firstFailure && 'failure' in firstFailure) failure = firstFailure.failure;
  }
  throw new ApiError(401, failure);
}

function verifierFor(scheme: string): SchemeVerifier {
  const verifier = verifiers[scheme];
  if (!verifier) throw new Error(`The sandbox does not know the security scheme "${scheme}"`);
  return verifier;
}

function parseBasic(authorization: string | undefined) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

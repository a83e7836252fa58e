/**
 * The contract's security schemes: `tokenAuth` (Authorization: Token …), a session of
 * auth/sessions.ts or an API token of auth/apiTokens.ts, and `basicAuth`, an account's e-mail and password. The routes run them
 * through platform/security.ts.
 */
import { verifyAgainstDecoy, verifyPassword } from '../platform/secrets';
import { basicCredentials, sessionTokenOf, type SecuritySchemes } from '../platform/security';
import { recordFailedSignIn } from './activity';
import { findLiveApiToken, looksLikeApiToken, touchApiToken } from './apiTokens';
import { userIdForSessionToken } from './sessions';
import { findUserByEmail } from './users';

/** Each scheme by the contract's name. */
export const SECURITY_SCHEMES: SecuritySchemes = {
  tokenAuth: async ({ authorization, db, now, sessions, operation }) => {
    const token = sessionTokenOf(authorization);
    if (token === undefined) return { failure: 'server.unauthorized' };
    const apiToken = looksLikeApiToken(token) ? findLiveApiToken(db, token, now) : undefined;
    if (apiToken) {
      // Scripts never reach the account itself (password, sessions, tokens, two-step sign-in).
      if (operation.sessionOnly) return { failure: 'server.api_tokens.session_only', status: 403 };
      if (apiToken.scope === 'read' && operation.method !== 'get') {
        return { failure: 'server.api_tokens.read_only', status: 403 };
      }
      touchApiToken(db, apiToken, now);
      return { userId: apiToken.user_id, viaApiToken: true };
    }
    const userId = userIdForSessionToken(db, token, now, sessions);
    return userId === undefined ? { failure: 'server.unauthorized' } : { userId };
  },
  basicAuth: async ({ authorization, db, now, guardPasswordAttempt, client }) => {
    const credentials = basicCredentials(authorization);
    if (!credentials) return { failure: 'server.invalid_credentials' };
    const user = findUserByEmail(db, credentials.email);
    const checkPassword = () =>
      user
        ? verifyPassword(credentials.password, user.password_hash)
        : verifyAgainstDecoy(credentials.password);
    const matches = guardPasswordAttempt
      ? await guardPasswordAttempt(checkPassword)
      : await checkPassword();
    if (user && !matches) recordFailedSignIn(db, user.id, now, client);
    return user && matches ? { userId: user.id } : { failure: 'server.invalid_credentials' };
  },
};

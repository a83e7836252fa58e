/**
 * The contract's security schemes: `tokenAuth` (Authorization: Token …), a session of
 * auth/sessions.ts, and `basicAuth`, an account's e-mail and password. The routes run them
 * through platform/security.ts.
 */
import { verifyAgainstDecoy, verifyPassword } from '../platform/secrets';
import { basicCredentials, sessionTokenOf, type SecuritySchemes } from '../platform/security';
import { userIdForSessionToken } from './sessions';
import { findUserByEmail } from './users';

/** Each scheme by the contract's name. */
export const SECURITY_SCHEMES: SecuritySchemes = {
  tokenAuth: async ({ authorization, db, now, sessions }) => {
    const token = sessionTokenOf(authorization);
    if (token === undefined) return { failure: 'server.unauthorized' };
    const userId = userIdForSessionToken(db, token, now, sessions);
    return userId === undefined ? { failure: 'server.unauthorized' } : { userId };
  },
  basicAuth: async ({ authorization, db, guardPasswordAttempt }) => {
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
    return user && matches ? { userId: user.id } : { failure: 'server.invalid_credentials' };
  },
};

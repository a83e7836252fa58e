/** The `auth` area: sign-up, sign-in, sessions, e-mail and one-time codes, and the account's profile. */
import type { SandboxArea } from '../platform/area';
import { authHandlers } from './authHandlers';
import { accountHandlers } from './accountHandlers';
import { API_TOKENS_MIGRATION } from './apiTokens';
import { credentialHandlers } from './credentialHandlers';
import { activityHandlers } from './activityHandlers';
import { ACTIVITY_KIND_INDEX_MIGRATION, ACTIVITY_MIGRATION } from './activity';
import { SESSION_DEVICE_MIGRATION } from './sessions';
import { TWO_FACTOR_MIGRATION } from './twoFactor';
import { twoFactorHandlers } from './twoFactorHandlers';

export const authArea: SandboxArea = {
  name: 'auth',
  handlers: {
    ...authHandlers,
    ...accountHandlers,
    ...credentialHandlers,
    ...activityHandlers,
    ...twoFactorHandlers,
  },
  migrations: [
    ACTIVITY_MIGRATION,
    ACTIVITY_KIND_INDEX_MIGRATION,
    TWO_FACTOR_MIGRATION,
    SESSION_DEVICE_MIGRATION,
    API_TOKENS_MIGRATION,
  ],
};

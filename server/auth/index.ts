/** The `auth` area: sign-up, sign-in, sessions, e-mail and one-time codes, and the account's profile. */
import type { SandboxArea } from '../platform/area';
import { authHandlers } from './authHandlers';
import { accountHandlers } from './accountHandlers';
import { ACTIVITY_MIGRATION } from './activity';

export const authArea: SandboxArea = {
  name: 'auth',
  handlers: {
    ...authHandlers,
    ...accountHandlers,
  },
  migrations: [ACTIVITY_MIGRATION],
};

/**
 * The auth area of the contract (spec §7) the public pages use, one typed function per
 * operation. What only the signed-in portal calls is in signedInAuth.ts: the login page's
 * JavaScript has a budget (issue 10: 80 KB), and it carries every byte of this file.
 */
import { callContract, type Credentials } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];
export type UserInfo = Schemas['UserInfo'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type TrialPackageList = Schemas['TrialPackageList'];

export const token = (value: string): Credentials => ({ kind: 'token', token: value });
const anonymous: Credentials = { kind: 'none' };

export const authApi = {
  getCurrentUser: (accessToken: string, locale?: string) =>
    callContract('GET', '/auth/user', { credentials: token(accessToken), locale }),

  getToken: (email: string, password: string, locale?: string) =>
    callContract('GET', '/auth/token', {
      credentials: { kind: 'basic', email, password },
      locale,
    }),

  register: (payload: RegisterRequest, locale?: string) =>
    callContract('POST', '/auth/users', { body: payload, credentials: anonymous, locale }),

  resendConfirmation: (accessToken: string, locale?: string) =>
    callContract('POST', '/auth/users/resend_email_comfirmation', {
      body: {},
      credentials: token(accessToken),
      locale,
    }),

  confirmEmail: (confirmationToken: string, locale?: string) =>
    callContract('POST', '/auth/users/confirm_email', {
      body: { token: confirmationToken },
      credentials: anonymous,
      locale,
    }),

  requestPasswordReset: (email: string, locale?: string) =>
    callContract('POST', '/auth/users/request_reset_password', {
      body: { email },
      credentials: anonymous,
      locale,
    }),

  resetPassword: (resetToken: string, newPassword: string, locale?: string) =>
    callContract('POST', '/auth/users/reset_password', {
      body: { token: resetToken, new_password: newPassword },
      credentials: anonymous,
      locale,
    }),

  /** Mails a one-time code that confirms the address (a second way beside the mailed link). */
  requestEmailOtp: (accessToken: string, locale?: string) =>
    callContract('GET', '/auth/otp_email', { credentials: token(accessToken), locale }),

  verifyEmailOtp: (accessToken: string, otp: string, locale?: string) =>
    callContract('POST', '/auth/otp_email', {
      body: { otp },
      credentials: token(accessToken),
      locale,
    }),
};

/** Limits, delays and defaults from the specification (§9), in one place. */

export const NOTIFICATION_MS = 3000;
export const CONFIRM_EMAIL_DELAY_MS = 3000;
export const VERIFY_REDIRECT_DELAY_MS = 1000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;

export const SIDEBAR_COLLAPSE_MAX_WIDTH_PX = 1024;

export const PASSWORD_MIN_LENGTH = 5;
export const PASSWORD_MAX_LENGTH = 128;
export const FULLNAME_MAX_LENGTH = 100;

export const MAX_IPS_PER_SERVER = 20;
export const VAT_RATE = 0.1;

export const DEFAULT_LOCALE = 'vi';
export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_PHONE_COUNTRY = 'VN';
/**
 * The one reCAPTCHA token the sandbox accepts for an SMS code (README); the portal sends it while
 * no reCAPTCHA site key is configured, as with the sandbox.
 */
export const SANDBOX_RECAPTCHA_TOKEN = 'sandbox-recaptcha-pass';
/** Seconds before another one-time code may be asked for. */
export const OTP_RESEND_SECONDS = 60;
export const AUTH_HEADER_PREFIX = 'Token ';

/** Confirmation links stay valid for a day, reset links for an hour. */
export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Web console sessions one account may have open at once (issue 19): a few tabs on a few
 * servers, not a flood of sockets that each hold a timer and a shell.
 */
export const CONSOLE_SESSIONS_PER_ACCOUNT = 5;

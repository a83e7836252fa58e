/**
 * Abuse limits (issue 6 §1), counted in memory by @fastify/rate-limit, so they start afresh when
 * the sandbox restarts. Most limits count every request of an operation (`routeRateLimits`, wired
 * into the routes by contract.ts). Wrong passwords are different: only failures count, and a
 * limited sign-in is refused before its password is hashed (`passwordAttemptLimiter`).
 */
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { OperationId } from './handler';
import { basicCredentials, type PasswordAttemptGuard } from './security';

/** How many requests each limit lets through per window; the windows are fixed below. */
export interface RateLimitSettings {
  /** Wrong passwords for one e-mail from one client address, per 15 minutes. */
  loginFailuresPerEmail: number;
  /** Wrong passwords from one client address, whatever the e-mail, per 15 minutes. */
  loginFailuresPerAddress: number;
  /**
   * Mails one can ask for, per hour, each kind counted apart: password resets per e-mail,
   * confirmation resends, e-mail codes and SMS codes per account.
   */
  mailsPerHour: number;
  /** Confirmation and password-reset tokens tried from one client address, per 15 minutes. */
  linkAttemptsPer15Min: number;
  /** Registrations from one client address, per hour. */
  registrationsPerHour: number;
  /** Password-reset requests from one client address, whatever the e-mail, per hour (issue 20). */
  resetRequestsPerAddressPerHour: number;
  /**
   * Rows one account may add per hour through each free-of-charge operation that stores what it
   * is sent (tickets, ticket replies, orders, SSH keys), each counted apart (issue 20): the caps
   * on what is open (accountLimits.ts) hold the open ones, this the closed ones piling up.
   */
  creationsPerHour: number;
  /**
   * Coupon codes one account may try per 15 minutes, checks and redemptions counted apart: a
   * customer presses Apply a few times, a script guessing codes many thousand times.
   */
  couponTriesPer15Min: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginFailuresPerEmail: 10,
  // Above the per-e-mail limit, so one office behind one address can mistype a few accounts.
  loginFailuresPerAddress: 30,
  mailsPerHour: 5,
  linkAttemptsPer15Min: 20,
  registrationsPerHour: 20,
  resetRequestsPerAddressPerHour: 10,
  creationsPerHour: 100,
  couponTriesPer15Min: 20,
};

const MINUTE_MS = 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const MAIL_WINDOW_MS = 60 * MINUTE_MS;
export const LINK_WINDOW_MS = 15 * MINUTE_MS;
export const REGISTRATION_WINDOW_MS = 60 * MINUTE_MS;
/** Web console tickets one account may ask for per 15 minutes (issue 19). */
export const CONSOLE_TICKETS_PER_15MIN = 30;

/** The 429 answer, in the contract's error shape and the caller's language (see errorReplies). */
export function tooManyRequests(retryAfterMs: number): ApiError {
  return new ApiError(429, 'server.rate_limited', {
    minutes: Math.max(1, Math.ceil(retryAfterMs / MINUTE_MS)),
  });
}

/** Call before the routes are registered: the plugin sees routes as they are added. */
export async function registerRateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // The plugin sets Retry-After (seconds) itself before throwing this.
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
}

const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);
const signedInAccount = (request: FastifyRequest) => `user ${request.userId ?? 'none'}`;
const emailInBody = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/**
 * The route limits by operationId. They run after authentication and validation (preHandler),
 * so a key may use the signed-in account or the parsed body.
 */
export function routeRateLimits(
  settings: RateLimitSettings,
): Partial<Record<OperationId, RateLimitOptions>> {
  const limit = (
    max: number,
    timeWindow: number,
    keyGenerator: (request: FastifyRequest) => string,
  ): RateLimitOptions => ({ max, timeWindow, keyGenerator, hook: 'preHandler' });
  const perAccountMails = limit(settings.mailsPerHour, MAIL_WINDOW_MS, signedInAccount);
  const perAddressLinks = limit(settings.linkAttemptsPer15Min, LINK_WINDOW_MS, clientAddress);
  const perAccountCreations = limit(settings.creationsPerHour, MAIL_WINDOW_MS, signedInAccount);
  return {
    createTicket: perAccountCreations,
    replyToTicket: perAccountCreations,
    createOrder: perAccountCreations,
    createSshKey: perAccountCreations,
    requestPasswordReset: limit(settings.mailsPerHour, MAIL_WINDOW_MS, emailInBody),
    resendEmailConfirmation: perAccountMails,
    requestEmailOtp: perAccountMails,
    requestSmsOtp: perAccountMails,
    confirmEmail: perAddressLinks,
    resetPassword: perAddressLinks,
    registerUser: limit(settings.registrationsPerHour, REGISTRATION_WINDOW_MS, clientAddress),
    // Each try hashes the old password: a stolen session must not guess it, nor keep the CPU
    // busy. Counted per account, every try, as wrong sign-ins are per e-mail.
    changePassword: limit(settings.loginFailuresPerEmail, LOGIN_WINDOW_MS, signedInAccount),
    checkCoupon: limit(settings.couponTriesPer15Min, LINK_WINDOW_MS, signedInAccount),
    applyCoupon: limit(settings.couponTriesPer15Min, LINK_WINDOW_MS, signedInAccount),
    // Each console ticket allows a few root-password guesses (consoleShell.ts): bounded here.
    createConsoleTicket: limit(CONSOLE_TICKETS_PER_15MIN, LINK_WINDOW_MS, signedInAccount),
  };
}

/**
 * Limits an operation needs beyond its route limit (a route takes one), as preHandler hooks that
 * run before it: password-reset requests per client address across e-mails, so one client cannot
 * mail a list of addresses one reset each (issue 20). Refused before any token or mail is made.
 */
export function extraRateLimitHooks(
  app: FastifyInstance,
  settings: Pick<RateLimitSettings, 'resetRequestsPerAddressPerHour'>,
): Partial<Record<OperationId, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>> {
  const resetsPerAddress = app.createRateLimit({
    max: settings.resetRequestsPerAddressPerHour,
    timeWindow: MAIL_WINDOW_MS,
    keyGenerator: clientAddress,
  });
  return {
    requestPasswordReset: async (request, reply) => {
      const status = await resetsPerAddress(request);
      if (status.isAllowed || !status.isExceeded) return;
      reply.header('retry-after', Math.max(1, status.ttlInSeconds));
      throw tooManyRequests(status.ttl);
    },
  };
}

/**
 * The wrong-password limits, counted per e-mail and client address together and per client
 * address alone. Only failures are counted, so signing in often costs nothing, and a customer
 * whose address is limited can still sign in from another one. Checks still running count
 * against the budget too: otherwise a burst of concurrent guesses would all be hashed before the
 * first failure is recorded.
 */
export function passwordAttemptLimiter(
  app: FastifyInstance,
  settings: Pick<RateLimitSettings, 'loginFailuresPerEmail' | 'loginFailuresPerAddress'>,
): (request: FastifyRequest, reply: FastifyReply) => PasswordAttemptGuard {
  const emailAtAddress = failureBudget(app, settings.loginFailuresPerEmail, (request) => {
    const email = basicCredentials(request.headers.authorization)?.email ?? '';
    return `${email.trim().toLowerCase()} from ${clientAddress(request)}`;
  });
  const address = failureBudget(app, settings.loginFailuresPerAddress, clientAddress);

  return (request, reply) => async (checkPassword) => {
    const reservations: Reservation[] = [];
    try {
      for (const budget of [emailAtAddress, address]) {
        const reservation = await budget.reserve(request);
        if ('retryAfterMs' in reservation) {
          reply.header('retry-after', Math.max(1, Math.ceil(reservation.retryAfterMs / 1000)));
          throw tooManyRequests(reservation.retryAfterMs);
        }
        reservations.push(reservation);
      }
      const matches = await checkPassword();
      if (!matches) await Promise.all(reservations.map((reservation) => reservation.fail()));
      return matches;
    } finally {
      reservations.forEach((reservation) => reservation.release());
    }
  };
}

type Reservation = { fail: () => Promise<void>; release: () => void };

function failureBudget(
  app: FastifyInstance,
  max: number,
  keyGenerator: (request: FastifyRequest) => string,
) {
  const failures = app.createRateLimit({ max, timeWindow: LOGIN_WINDOW_MS, keyGenerator });
  const running = new Map<string, number>();
  return {
    /** A place for one password check, or how long until there is one. */
    async reserve(request: FastifyRequest): Promise<Reservation | { retryAfterMs: number }> {
      const status = await failures(request, { increment: false });
      if (status.isAllowed) return { fail: async () => {}, release: () => {} };
      const { key } = status;
      const inProgress = running.get(key) ?? 0;
      // No await between this check and the count below: concurrent requests cannot both pass.
      if (status.remaining - inProgress <= 0) return { retryAfterMs: status.ttl || 1000 };
      running.set(key, inProgress + 1);
      return {
        fail: async () => {
          await failures(request);
        },
        release: () => {
          const left = (running.get(key) ?? 1) - 1;
          if (left > 0) running.set(key, left);
          else running.delete(key);
        },
      };
    },
  };
}

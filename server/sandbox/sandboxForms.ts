/**
 * The one guard of every HTML form under /sandbox (the clock, the bank's "transfer received",
 * PayPal's "Complete sale", the card gateway's and PayPal's decision pages) against posts from
 * other sites. The sandbox's pages are sent with `Referrer-Policy: no-referrer`, so Chromium posts
 * their forms with `Origin: null`: neither Origin nor Referer can tell the sandbox's own page from
 * another site's, and neither is read here.
 *
 * Signed double submit: the page that renders a form makes sure the browser holds a random
 * cookie (`sandbox_form`, HttpOnly, SameSite=Strict, Path=/sandbox) and puts a token into each
 * form, an HMAC of that cookie under a key drawn when the sandbox starts. A post must carry both,
 * matching. Another site can neither read the token nor make the browser send the cookie with its
 * post (SameSite=Strict), and a cookie planted some other way is useless without the key. A page
 * opened before a restart holds a token of the old key: the post is refused and the page says to
 * reload.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Locale } from '../../src/domain/constants';
import { localeFromHeader, translator } from '../platform/i18n';
import { escapeHtml, sendFormAnswer } from './sandboxHtml';

export const FORM_COOKIE = 'sandbox_form';
/** The hidden field every /sandbox form carries. */
export const FORM_TOKEN_FIELD = 'form_token';

const KEY = randomBytes(32);
const COOKIE_VALUE = /^[\w-]{43}$/;

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FORM_COOKIE) {
      const text = value.join('=');
      return COOKIE_VALUE.test(text) ? text : undefined;
    }
  }
  return undefined;
}

const tokenOf = (cookie: string) => createHmac('sha256', KEY).update(cookie).digest('base64url');

/**
 * The token for the forms of the page being answered; sets the cookie it is bound to when the
 * browser has none yet (a browser that has one keeps it, so several open pages all stay valid).
 */
export function formTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  let cookie = cookieOf(request);
  if (!cookie) {
    cookie = randomBytes(32).toString('base64url');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${FORM_COOKIE}=${cookie}; Path=/sandbox; HttpOnly; SameSite=Strict${secure}`,
    );
  }
  return tokenOf(cookie);
}

/** The hidden input that carries the token in a form. */
export const formTokenField = (token: string) =>
  `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeHtml(token)}">`;

/** Whether the post carries the token of the cookie it came with. */
export function hasValidFormToken(request: FastifyRequest): boolean {
  const cookie = cookieOf(request);
  const body = request.body as Record<string, unknown> | null | undefined;
  const sent = body && typeof body === 'object' ? body[FORM_TOKEN_FIELD] : undefined;
  if (!cookie || typeof sent !== 'string') return false;
  const expected = Buffer.from(tokenOf(cookie));
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

interface GuardOptions {
  /** The language of the page the form was on (default: Accept-Language). */
  locale?: (request: FastifyRequest) => Locale;
  /** Where the refusal page's link leads (default: the /sandbox page). */
  back?: (request: FastifyRequest) => string;
}

/**
 * The route's `preValidation`: before the body is validated or anything is read or written, a post
 * without the right token is refused with 403 and a page saying so.
 */
export function requireFormToken(options: GuardOptions = {}): preValidationAsyncHookHandler {
  return async function formTokenGuard(request, reply) {
    if (hasValidFormToken(request)) return;
    const locale =
      options.locale?.(request) ?? localeFromHeader(request.headers['accept-language']);
    const t = translator(locale);
    const back = options.back?.(request) ?? '/sandbox';
    return sendFormAnswer(reply, 403, locale, t('server.sandbox_form.refused_title'), {
      text: t('server.sandbox_form.refused'),
      back: t('server.sandbox_form.back'),
      href: back,
    });
  };
}

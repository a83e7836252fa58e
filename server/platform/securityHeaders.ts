/**
 * Security headers, written by @fastify/helmet with a policy chosen by path: the portal's pages
 * may run only their own scripts (and the live-chat widget's, when one is configured); the API
 * and the outbox page may load nothing at all. README.md gives the same headers for nginx.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PORTAL_BASE } from './portal';

export type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;
type Directives = Record<string, string[]>;

/** Pages whose address carries a secret token, which must not leak to other sites. */
const TOKEN_PAGES = /^\/idc\/(password_resets|confirm)\/?$/;

/** The sandbox's own HTML pages: the outbox and control page, and the simulated gateways' pages. */
const SANDBOX_PAGES = /^\/sandbox(\/(onepay|paypal)\/.*)?$/;

/** The portal's policy; `liveChatScriptUrl` is VITE_LIVECHAT_SCRIPT_URL, whose origin is allowed. */
export function portalDirectives(liveChatScriptUrl?: string): Directives {
  const liveChat = liveChatScriptUrl ? [new URL(liveChatScriptUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...liveChat],
    'script-src-attr': ["'none'"],
    // MUI's styling engine (emotion) adds <style> elements at run time; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...liveChat],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...liveChat],
    'frame-src': liveChat.length ? liveChat : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** JSON answers are never rendered as a page, so nothing may load or frame them. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The sandbox's pages (sandboxPages.ts, gatewayPages.ts, paypalPages.ts) are documents with an
 * inline stylesheet and forms posting to the sandbox itself; no script at all.
 */
const SANDBOX_PAGE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** What every answer carries, whatever its path. */
const COMMON = {
  // The sandbox speaks plain HTTP; HSTS belongs to the TLS front of a real deployment.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
} as const;

/**
 * Helmet's settings by request path (no query string). Built once: a live-chat address that is
 * not a URL stops the sandbox at start rather than failing every page.
 */
export function securityHeaderPolicies(
  liveChatScriptUrl?: string,
): (path: string) => HelmetOptions {
  const portal = portalDirectives(liveChatScriptUrl);
  return (path) => {
    const isPortal =
      path.startsWith(PORTAL_BASE) || path === PORTAL_BASE.slice(0, -1) || path === '/';
    const directives = isPortal
      ? portal
      : SANDBOX_PAGES.test(path)
        ? SANDBOX_PAGE_DIRECTIVES
        : API_DIRECTIVES;
    return {
      ...COMMON,
      contentSecurityPolicy: { useDefaults: false, directives },
      referrerPolicy: {
        policy:
          !isPortal || TOKEN_PAGES.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
      },
    };
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  liveChatScriptUrl: string | undefined,
): Promise<void> {
  const policyFor = securityHeaderPolicies(liveChatScriptUrl);
  // Not global: the hook below applies helmet once per request, with the policy of its path.
  await app.register(fastifyHelmet, { ...COMMON, global: false });
  app.addHook('onRequest', async (request, reply) => {
    reply.helmet(policyFor(request.url.split('?')[0] ?? ''));
  });
}

import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { scratchDir, signIn, testApp, withToken } from '../testing';

let app: FastifyInstance | undefined;
let scratch: ReturnType<typeof scratchDir> | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  scratch?.cleanup();
  scratch = undefined;
});

async function portalApp(liveChatScriptUrl?: string) {
  scratch = scratchDir();
  writeFileSync(join(scratch.dir, 'index.html'), '<!doctype html><title>Portal</title>');
  ({ app } = await testApp({ staticDir: scratch.dir, liveChatScriptUrl }));
  return app;
}

/** The Content-Security-Policy header as directive → sources. */
function policyOf(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the portal’s pages', () => {
  const PAGES = ['/idc/', '/idc/login', '/idc/register', '/idc/dashboard', '/idc/cloud-server'];

  it('carry a CSP that runs only the portal’s own scripts', async () => {
    const portal = await portalApp();
    for (const url of PAGES) {
      const response = await portal.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('send no referrer from the pages whose address carries a token', async () => {
    const portal = await portalApp();
    for (const url of [
      '/idc/password_resets?token=abc.def',
      '/idc/confirm?token=abc.def',
      '/idc/confirm',
      '/idc/password_resets/',
    ]) {
      const response = await portal.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(policyOf(response.headers['content-security-policy'])['script-src']).toEqual([
        "'self'",
      ]);
    }
  });

  it('allow the live-chat widget’s origin, and only its origin, when one is configured', async () => {
    const portal = await portalApp('https://chat.example.vn/widget/v2.js?site=idc');
    const policy = policyOf(
      (await portal.inject({ url: '/idc/dashboard' })).headers['content-security-policy'],
    );
    expect(policy['script-src']).toEqual(["'self'", 'https://chat.example.vn']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://chat.example.vn']);
    expect(policy['frame-src']).toEqual(['https://chat.example.vn']);
  });

  it('refuse to start with a live-chat address that is not a URL', async () => {
    await expect(
      buildApp({ dbFile: ':memory:', seed: false, liveChatScriptUrl: 'chat.example.vn/widget.js' }),
    ).rejects.toThrow(/URL/);
  });
});

describe('the API', () => {
  it('answers JSON with nosniff, no X-Powered-By and a CSP that loads nothing', async () => {
    ({ app } = await testApp());
    const token = await signIn(app, 'demo@example.vn');
    const answers = [
      await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) }),
      await app.inject({ url: '/api/v1/auth/user' }),
      await app.inject({ url: '/api/v1/not-in-contract' }),
      await app.inject({ url: '/sandbox/outbox' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it.each(['/sandbox', '/sandbox/onepay/vpc.op', '/sandbox/paypal/checkoutnow'])(
    'gives the sandbox page %s a policy that allows its inline stylesheet and nothing else',
    async (url) => {
      ({ app } = await testApp());
      const page = await app.inject({ url });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(policyOf(page.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

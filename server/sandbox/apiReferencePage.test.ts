import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_FILE } from '../platform/contract';
import { testApp } from '../testing';
import { registerSecurityHeaders } from '../platform/securityHeaders';
import { registerApiReferencePage } from './apiReferencePage';

describe('the API reference page', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    app = Fastify();
    // As in the sandbox: every path gets helmet's policy first, the page replaces it.
    await registerSecurityHeaders(app, undefined);
    registerApiReferencePage(app);
  });

  afterEach(async () => {
    await app.close();
  });

  it('is a page that loads Redoc from the sandbox itself and points it at the contract', async () => {
    const page = await app.inject({ url: '/api/docs' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(
      scripts.map(([, attributes = '', body]) => ({ attributes: attributes.trim(), body })),
    ).toEqual([{ attributes: 'src="/api/docs/redoc.standalone.js"', body: '' }]);
    expect(page.body).toContain('<redoc spec-url="/api/openapi.yaml"></redoc>');
  });

  it('serves the renderer as JavaScript', async () => {
    const script = await app.inject({ url: '/api/docs/redoc.standalone.js' });

    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('Redoc');
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it('serves the contract it renders, as written', async () => {
    const contract = await app.inject({ url: '/api/openapi.yaml' });

    expect(contract.statusCode).toBe(200);
    expect(contract.headers['content-type']).toMatch(/^application\/yaml/);
    expect(contract.body).toBe(readFileSync(CONTRACT_FILE, 'utf8'));
    expect((parse(contract.body) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('has a policy of its own: scripts from the sandbox only, no other origin', async () => {
    const page = await app.inject({ url: '/api/docs' });
    const policy = String(page.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );

    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // Only keywords and the data:/blob: schemes: no host, no other origin, no eval.
    const sources = [...directives.values()].flat();
    expect(
      sources.filter((source) => !/^'(self|none|unsafe-inline)'$|^(data|blob):$/.test(source)),
    ).toEqual([]);
    // The policy is the page's own: the API's stays as strict as before.
    const api = await app.inject({ url: '/api/v1/auth/user' });
    expect(api.headers['content-security-policy']).not.toBe(policy);
    expect(api.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('is served by the sandbox at /api/docs, linked from the sandbox page', async () => {
    const { app: sandbox } = await testApp();
    try {
      const [page, script, home] = await Promise.all([
        sandbox.inject({ url: '/api/docs' }),
        sandbox.inject({ url: '/api/docs/redoc.standalone.js' }),
        sandbox.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } }),
      ]);
      expect([page.statusCode, script.statusCode]).toEqual([200, 200]);
      expect(home.body).toContain('<a href="/api/docs">API reference (the OpenAPI contract)</a>');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    } finally {
      await sandbox.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchDir, testApp } from '../testing';

let app: FastifyInstance;
let scratch: ReturnType<typeof scratchDir>;

beforeEach(async () => {
  scratch = scratchDir();
  writeFileSync(join(scratch.dir, 'index.html'), '<!doctype html><title>Portal</title>');
  mkdirSync(join(scratch.dir, 'assets'));
  writeFileSync(join(scratch.dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  ({ app } = await testApp({ staticDir: scratch.dir }));
});

afterEach(async () => {
  await app.close();
  scratch.cleanup();
});

describe('serving the built portal', () => {
  it('redirects / and /idc to /idc/', async () => {
    for (const url of ['/', '/idc']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/idc/');
    }
  });

  it('serves index.html at /idc/ and for every route of the portal', async () => {
    for (const url of [
      '/idc/',
      '/idc/dashboard',
      '/idc/cloud-server/12/detail',
      '/idc/confirm?token=a.b',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Portal</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets with a long cache life', async () => {
    const response = await app.inject({ url: '/idc/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers 404, not the page, for a missing file', async () => {
    const response = await app.inject({ url: '/idc/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps the API and the sandbox pages reachable beside the portal', async () => {
    expect((await app.inject({ url: '/api/v1/auth/user' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/not-in-contract' })).json()).toEqual({
      message: 'Không tìm thấy địa chỉ này.',
    });
    expect((await app.inject({ url: '/sandbox/outbox' })).statusCode).toBe(200);
  });
});

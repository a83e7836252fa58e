import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchDir, testApp } from '../testing';

let app: FastifyInstance;
let scratch: ReturnType<typeof scratchDir>;

const SCRIPT = 'console.log("the portal");'.repeat(20);
const PAGE = `<!doctype html><title>Portal</title>${'<p>first paint</p>'.repeat(20)}`;

/** A build as `vite build` leaves it: each text file with its brotli and gzip copies. */
function writeWithCompressedCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeEach(async () => {
  scratch = scratchDir();
  writeWithCompressedCopies(join(scratch.dir, 'index.html'), PAGE);
  mkdirSync(join(scratch.dir, 'assets'));
  writeWithCompressedCopies(join(scratch.dir, 'assets', 'index-abc123.js'), SCRIPT);
  mkdirSync(join(scratch.dir, '.vite'));
  writeFileSync(join(scratch.dir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  ({ app } = await testApp({ staticDir: scratch.dir }));
});

afterEach(async () => {
  await app.close();
  scratch.cleanup();
});

describe('serving the precompressed build', () => {
  it('sends the brotli copy of a script to a browser that accepts br, still cached for a year', async () => {
    const response = await app.inject({
      url: '/idc/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const response = await app.inject({
      url: '/idc/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const response = await app.inject({
      url: '/idc/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('compresses the page of every portal route, which is never cached', async () => {
    for (const url of ['/idc/', '/idc/login']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGE);
    }
  });
});

describe("the build's bookkeeping", () => {
  it('is not served', async () => {
    const response = await app.inject({ url: '/idc/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/main.tsx');
  });
});

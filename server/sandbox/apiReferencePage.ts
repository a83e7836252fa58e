/**
 * The API reference for integrators, outside /api/v1 and the contract (a development tool, like
 * the outbox): `GET /api/docs` is a page where Redoc renders the contract, which the sandbox
 * serves as written at `GET /api/openapi.yaml`. Redoc's standalone bundle comes from the
 * sandbox itself (node_modules/redoc), never from a CDN, and the page has a policy of its own:
 * scripts only from the sandbox.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_FILE } from '../platform/contract';

export const API_REFERENCE_PATH = '/api/docs';
export const CONTRACT_PATH = '/api/openapi.yaml';
export const REDOC_SCRIPT_PATH = '/api/docs/redoc.standalone.js';

/**
 * As strict as Redoc allows (each relaxation was tried out in Chromium). Relaxed, and why:
 * - style-src 'unsafe-inline': Redoc styles itself with styled-components, which writes <style>
 *   elements at run time (the standalone bundle takes no nonce); without it the page is blank;
 * - img-src data: Redoc's icons are data: URLs;
 * - worker-src blob: the search box runs its index in a Web Worker the bundle starts from a blob.
 * Scripts come only from the sandbox ('self'): no inline script, no eval, no other origin. The
 * "API docs by Redocly" logo Redoc asks cdn.redoc.ly for is refused by img-src, so no request
 * leaves for another site.
 */
export const API_REFERENCE_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ['blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const POLICY = Object.entries(API_REFERENCE_DIRECTIVES)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');

// Redoc reads `spec-url` from its element and renders when the bundle loads: no inline script.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>API reference · IDC customer portal API</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <redoc spec-url="${CONTRACT_PATH}"></redoc>
    <script src="${REDOC_SCRIPT_PATH}"></script>
  </body>
</html>
`;

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

export function registerApiReferencePage(app: FastifyInstance): void {
  // Read on first use: most sandboxes (every test's) never show the page.
  let bundle: Buffer | undefined;

  app.get(API_REFERENCE_PATH, async (_request, reply) =>
    reply
      .header('content-security-policy', POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );

  app.get(REDOC_SCRIPT_PATH, async (_request, reply) => {
    bundle ??= readFileSync(REDOC_BUNDLE);
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/javascript; charset=utf-8')
      .send(bundle);
  });

  // Read on every request: the sandbox serves the contract as it is now.
  app.get(CONTRACT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/yaml; charset=utf-8')
      .send(readFileSync(CONTRACT_FILE, 'utf8')),
  );
}

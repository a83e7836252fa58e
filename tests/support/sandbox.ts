/**
 * Screen tests talk to the real sandbox API, in-process: MSW hands every request the portal makes
 * to the Fastify app (`inject`, in-memory database, responses checked against the contract).
 * A request to a path or method the contract does not declare fails the test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, expect } from 'vitest';
import { parse } from 'yaml';

import { buildApp } from '../../server/app';

export const PORTAL_ORIGIN = 'http://localhost:3000';
const API_PREFIX = '/api/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function contractOperations(): { method: string; pattern: RegExp }[] {
  const contract = parse(
    readFileSync(join(__dirname, '..', '..', 'openapi', 'openapi.yaml'), 'utf8'),
  );
  return Object.entries(contract.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${API_PREFIX}${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        })),
  );
}

export interface Sandbox {
  app: FastifyInstance;
  /** Requests the contract does not declare; the harness fails the test when any were made. */
  outsideContract: string[];
  /** Every API request made, as 'METHOD /path', in order. */
  requests: string[];
  outbox(to: string): Promise<{ to: string; subject: string; text: string; links: string[] }[]>;
  close(): Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  const app = await buildApp({
    dbFile: ':memory:',
    validateResponses: true,
    publicUrl: PORTAL_ORIGIN,
  });
  const operations = contractOperations();
  const outsideContract: string[] = [];
  const requests: string[] = [];

  const server = setupServer(
    http.all(`${PORTAL_ORIGIN}${API_PREFIX}/*`, async ({ request }) => {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      const declared = operations.some(
        (operation) => operation.method === request.method && operation.pattern.test(url.pathname),
      );
      if (!declared) outsideContract.push(`${request.method} ${url.pathname}`);
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      const answer = await app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        payload: body || undefined,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') {
          headers.set(name, String(value));
        }
      }
      return new Response(answer.body || null, { status: answer.statusCode, headers });
    }),
  );
  server.listen({ onUnhandledRequest: 'error' });

  return {
    app,
    outsideContract,
    requests,
    async outbox(to) {
      const answer = await app.inject({
        method: 'GET',
        url: `/sandbox/outbox?to=${encodeURIComponent(to)}`,
      });
      return answer.json();
    },
    async close() {
      server.close();
      await app.close();
    },
  };
}

/**
 * A fresh sandbox (and empty browser storage) for every test of the file; after each test, the
 * rendered screen is removed and any call outside the contract fails the test.
 */
export function sandboxPerTest(): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeEach(async () => {
    localStorage.clear();
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    cleanup();
    const current = sandbox;
    sandbox = undefined;
    expect(current?.outsideContract).toEqual([]);
    await current?.close();
  });
  return () => {
    if (!sandbox) throw new Error('The sandbox runs only inside a test');
    return sandbox;
  };
}

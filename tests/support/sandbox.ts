/**
 * Screen tests talk to the real sandbox API, in-process: the contract guard (contractGuard.ts,
 * installed for every test by tests/setup.ts) hands every request the portal makes to the
 * Fastify app (`inject`, in-memory database, responses checked against the contract).
 * A request the contract does not declare fails the test.
 */
import { cleanup } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';

import { buildApp } from '../../server/app';
import type { HandlerTable } from '../../server/platform/handler';
import { answerApiWith, apiCallsSettled, PORTAL_ORIGIN } from './contractGuard';

export { PORTAL_ORIGIN };

export interface Sandbox {
  app: FastifyInstance;
  /** Calls outside the contract (see contractGuard.ts); any of them fails the test. */
  outsideContract: string[];
  /** Every API request made, as 'METHOD /path', in order. */
  requests: string[];
  /** The same, with each request's query: 'METHOD /path?query' (for the spec's exact calls). */
  requestsWithQuery: string[];
  outbox(to: string): Promise<{ to: string; subject: string; text: string; links: string[] }[]>;
  /**
   * Until the returned function is called, every call waits unanswered: for a test that acts
   * while a call runs, however fast the sandbox would have answered it.
   */
  holdAnswers(): () => void;
  close(): Promise<void>;
}

/**
 * `dbFile`: a file instead of memory, for tests that also open the database themselves;
 * `handlers`: the sandbox's handler table with some replaced, for a test that needs an operation
 * to fail on the server's side (its answer is still the sandbox's own 500).
 */
export async function startSandbox(
  options: { dbFile?: string; handlers?: HandlerTable } = {},
): Promise<Sandbox> {
  const app = await buildApp({
    dbFile: options.dbFile ?? ':memory:',
    validateResponses: true,
    publicUrl: PORTAL_ORIGIN,
    ...(options.handlers && { handlers: options.handlers }),
  });
  const outsideContract: string[] = [];
  const requests: string[] = [];
  const requestsWithQuery: string[] = [];
  let held: Promise<void> | undefined;
  let releaseHeld = () => {};
  const stopAnswering = answerApiWith({
    app,
    onRequest: (call, url) => {
      requests.push(call);
      requestsWithQuery.push(`${call}${url.search}`);
      return held;
    },
    onViolation: (problem) => outsideContract.push(problem),
  });

  return {
    app,
    outsideContract,
    requests,
    requestsWithQuery,
    async outbox(to) {
      const answer = await app.inject({
        method: 'GET',
        url: `/sandbox/outbox?to=${encodeURIComponent(to)}`,
      });
      return answer.json();
    },
    holdAnswers() {
      held = new Promise((resolve) => {
        releaseHeld = () => {
          held = undefined;
          resolve();
        };
      });
      return releaseHeld;
    },
    async close() {
      releaseHeld();
      // Calls a removed screen had already sent are answered here, not refused as unanswered.
      await apiCallsSettled();
      stopAnswering();
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
    await current?.close();
    expect(current?.outsideContract).toEqual([]);
  });
  return () => {
    if (!sandbox) throw new Error('The sandbox runs only inside a test');
    return sandbox;
  };
}

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app';
import type { HandlerTable } from '../../server/platform/handler';
import { handlers } from '../../server/handlers';
import { signIn, withToken } from '../../server/testing';
import {
  answerApiWith,
  failOnContractViolations,
  takeContractViolations,
} from '../support/contractGuard';
import { PORTAL_ORIGIN, startSandbox, type Sandbox } from '../support/sandbox';

/**
 * These tests make calls the global guard (tests/setup.ts) would fail them for: each one takes
 * the violations it caused, so what is left for the guard is only what the test did not expect.
 */
describe('with a sandbox running', () => {
  let sandbox: Sandbox;

  beforeEach(async () => {
    sandbox = await startSandbox();
  });

  afterEach(async () => {
    await sandbox.close();
  });

  it('records a path or a method the contract does not declare, and fails the test', async () => {
    const outside = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/not-a-call`);
    const wrongMethod = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`, { method: 'DELETE' });
    expect([outside.status, wrongMethod.status]).toEqual([404, 404]);
    const expected = [
      'GET /api/v1/auth/not-a-call is not in the contract',
      'DELETE /api/v1/auth/user is not in the contract',
    ];
    expect(sandbox.outsideContract).toEqual(expected);
    expect(failOnContractViolations).toThrow(expected.join('\n  '));
    expect(takeContractViolations()).toEqual([]);
  });

  it('records a query parameter name the operation does not declare', async () => {
    const token = await signIn(sandbox.app, 'demo@example.vn');
    const answer = await fetch(`${PORTAL_ORIGIN}/api/v1/cloud/servers?page=1&_sort=name`, {
      headers: withToken(token),
    });
    expect(answer.status).toBe(200);
    expect(takeContractViolations()).toEqual([
      'GET /api/v1/cloud/servers has query parameters the contract does not declare: _sort',
    ]);
  });

  it('passes declared calls and declared query parameters to the sandbox, recording nothing', async () => {
    const token = await signIn(sandbox.app, 'demo@example.vn');
    const anonymous = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty('message');
    const list = await fetch(`${PORTAL_ORIGIN}/api/v1/cloud/servers?page=1&per_page=5`, {
      headers: withToken(token),
    });
    expect(list.status).toBe(200);
    expect(sandbox.requests).toEqual(['GET /api/v1/auth/user', 'GET /api/v1/cloud/servers']);
    expect(sandbox.outsideContract).toEqual([]);
    expect(takeContractViolations()).toEqual([]);
  });
});

it('answers a call sent just before its sandbox stops, as a screen removed mid-fetch sends', async () => {
  const sandbox = await startSandbox();
  // Not awaited: the portal's fetch starts, then the test ends and the sandbox is closed.
  const lateCall = fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`);
  await sandbox.close();
  expect((await lateCall).status).toBe(401);
  expect(sandbox.requests).toEqual(['GET /api/v1/auth/user']);
  expect(takeContractViolations()).toEqual([]);
});

it('fails a call no sandbox answers, as the network would', async () => {
  await expect(fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`)).rejects.toThrow(TypeError);
  expect(takeContractViolations()).toEqual([
    'GET /api/v1/auth/user was sent while no sandbox was running to answer it',
  ]);
});

it('records an operation the sandbox answers with 501', async () => {
  const withoutTrial: HandlerTable = { ...handlers };
  delete withoutTrial.getTrialPackages;
  const app = await buildApp({ dbFile: ':memory:', handlers: withoutTrial });
  const stopAnswering = answerApiWith({ app, onRequest: () => {}, onViolation: () => {} });
  try {
    const token = await signIn(app, 'trial@example.vn');
    const answer = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/trial`, {
      headers: withToken(token),
    });
    expect(answer.status).toBe(501);
    expect(takeContractViolations()).toEqual([
      'GET /api/v1/auth/trial answered 501 (not implemented)',
    ]);
  } finally {
    stopAnswering();
    await app.close();
  }
});

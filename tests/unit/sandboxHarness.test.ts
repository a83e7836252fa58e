// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it } from 'vitest';

import { PORTAL_ORIGIN, startSandbox, type Sandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await startSandbox();
});

afterEach(async () => {
  await sandbox.close();
});

it('records a request the contract does not declare, so the screen test that made it fails', async () => {
  const outside = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/not-a-call`);
  const wrongMethod = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`, { method: 'DELETE' });
  expect([outside.status, wrongMethod.status]).toEqual([404, 404]);
  expect(sandbox.outsideContract).toEqual([
    'GET /api/v1/auth/not-a-call',
    'DELETE /api/v1/auth/user',
  ]);
});

it('passes declared calls to the sandbox and records nothing outside the contract', async () => {
  const answer = await fetch(`${PORTAL_ORIGIN}/api/v1/auth/user`);
  expect(answer.status).toBe(401);
  expect(await answer.json()).toHaveProperty('message');
  expect(sandbox.outsideContract).toEqual([]);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, expect, it } from 'vitest';

import { handlers } from '../../server/handlers';
import { signIn, testApp, withToken } from '../../server/testing';
import {
  collectSuccessfulOperations,
  readSuccessfulOperations,
  writeSuccessfulOperations,
} from '../support/contractCoverage';
import { unreachedOperations } from '../support/contractCoverageReporter';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('counts the operations that answered 2xx, not those that refused', async () => {
  const successful = collectSuccessfulOperations();
  const { app } = await testApp();
  try {
    await app.inject({ url: '/api/v1/auth/user' }); // 401: not reached
    const token = await signIn(app, 'demo@example.vn'); // getToken 200
    successful.stop();
    const after = await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
    expect(after.statusCode).toBe(200);
  } finally {
    await app.close();
  }
  expect(successful.seen()).toContain('getToken');
  // Neither the refused call before, nor the answered one after it stopped.
  expect(successful.seen()).not.toContain('getCurrentUser');
});

it('adds up what the test files saw and lists the implemented operations none reached', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coverage-test-'));
  dirs.push(dir);
  writeSuccessfulOperations(dir, ['getToken']);
  writeSuccessfulOperations(dir, ['getCurrentUser', 'getToken']);
  const reached = readSuccessfulOperations(dir);
  expect([...reached].sort()).toEqual(['getCurrentUser', 'getToken']);

  const implemented = Object.keys(handlers);
  expect(implemented).toEqual(expect.arrayContaining(['getToken', 'getCurrentUser']));
  const unreached = unreachedOperations(implemented, reached);
  expect(unreached).toHaveLength(implemented.length - 2);
  expect(unreached).not.toContain('getToken');
});

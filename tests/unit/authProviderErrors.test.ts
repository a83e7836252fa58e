// @vitest-environment jsdom
/**
 * When the authProvider ends the session by itself (spec §4: the session check got a 401, or no
 * answer twice; any call got a 401), it leaves the reason for the login page to say.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authApi } from '../../src/api/auth';
import { callContract } from '../../src/api/client';
import { authProvider } from '../../src/authProvider/authProvider';
import { peekSignOutReason } from '../../src/authProvider/sessionStore';
import { startSandbox, type Sandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/idc/');
  sandbox = await startSandbox();
});

afterEach(async () => {
  vi.useRealTimers();
  expect(sandbox.outsideContract).toEqual([]);
  await sandbox.close();
});

async function signInAsDemo(): Promise<string> {
  const { token } = (await authApi.getToken('demo@example.vn', 'Demo@12345')) as { token: string };
  localStorage.setItem('access_token', token);
  localStorage.setItem('authenticated', 'true');
  return token;
}

describe('the reason a session ended', () => {
  it('is "unreachable" when the session check gets no answer twice', async () => {
    await signInAsDemo();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const outcome = authProvider.checkAuth({}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toMatchObject({ redirectTo: '/login' });
    expect(peekSignOutReason()).toBe('unreachable');
  });

  it('is not set when an answer breaks off halfway once: the check asks again and holds', async () => {
    // What the customer leaving a page (or a flaky network) does to a call whose headers
    // already arrived: the body never completes. That is no answer, not a reason to sign out.
    const token = await signInAsDemo();
    const brokenBody = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(brokenBody, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const outcome = authProvider.checkAuth({});
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(peekSignOutReason()).toBeNull();
  });

  it('is "session_expired" when the session check is refused (401)', async () => {
    localStorage.setItem('access_token', 'no-longer-valid');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(peekSignOutReason()).toBe('session_expired');
  });

  it('is "session_expired" when any call is refused (401)', async () => {
    const refused = await callContract('GET', '/auth/user', {
      credentials: { kind: 'token', token: 'no-longer-valid' },
    }).catch((error: unknown) => error);
    await expect(authProvider.checkError(refused)).rejects.toMatchObject({ redirectTo: '/login' });
    expect(peekSignOutReason()).toBe('session_expired');
  });

  it('is not set while the session holds', async () => {
    await signInAsDemo();
    await authProvider.checkAuth({});
    expect(peekSignOutReason()).toBeNull();
  });
});

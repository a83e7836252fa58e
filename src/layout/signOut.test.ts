// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DEMO_PASSWORD } from '../../server/sandbox/seed';
import { withToken } from '../../server/testing';
import { takeContractViolations } from '../../tests/support/contractGuard';
import { sandboxPerTest } from '../../tests/support/sandbox';
import { authApi } from '../api/auth';
import { getToken, storeToken } from '../authProvider/sessionStore';
import { browserLocation, signOut } from './signOut';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

describe('signing out against the sandbox', () => {
  const sandbox = sandboxPerTest();

  it('revokes the token on the server, so the old token answers 401', async () => {
    const { token } = (await authApi.getToken('demo@example.vn', DEMO_PASSWORD)) as {
      token: string;
    };
    storeToken(token);
    localStorage.setItem('locale', 'en');
    const currentUser = () =>
      sandbox().app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
    expect((await currentUser()).statusCode).toBe(200);

    await signOut();

    expect((await currentUser()).statusCode).toBe(401);
    expect(sandbox().requests).toContain('DELETE /api/v1/auth/token');
    expect({ ...localStorage }).toEqual({ locale: 'en' });
    expect(assign).toHaveBeenCalledWith('/idc/login');
  });

  it('still signs out when the server no longer knows the token', async () => {
    storeToken('a-token-the-server-never-issued');

    await signOut();

    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/idc/login');
  });
});

describe('signing out without an answering API', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('clears storage and loads the login page when the revoke call fails', async () => {
    storeToken('token-123');
    localStorage.setItem('cpu', '2');

    await signOut();

    // No sandbox answers: the guard let the call fail like a broken network, as expected here.
    expect(takeContractViolations()).toEqual([
      'DELETE /api/v1/auth/token was sent while no sandbox was running to answer it',
    ]);
    expect({ ...localStorage }).toEqual({});
    expect(assign).toHaveBeenCalledWith('/idc/login');
  });
});

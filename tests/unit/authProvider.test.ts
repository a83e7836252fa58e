// @vitest-environment jsdom
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authApi } from '../../src/api/auth';
import { authProvider } from '../../src/authProvider/authProvider';
import { startSandbox, type Sandbox } from '../support/sandbox';

let sandbox: Sandbox;

beforeEach(async () => {
  localStorage.clear();
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

describe('checkAuth', () => {
  it('without a token remembers the page, waits one second, then sends the visitor to login', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/idc/cloud-server?page=2');
    let outcome: unknown = 'pending';
    authProvider.checkAuth({}).then(
      () => (outcome = 'resolved'),
      (error) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('callbackURL')).toBe('/cloud-server?page=2');
    expect(sandbox.requests).toEqual([]);
  });

  it('accepts a valid token and keeps the user info', async () => {
    await signInAsDemo();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(JSON.parse(localStorage.getItem('user_info') ?? '{}')).toMatchObject({
      email: 'demo@example.vn',
      balance: 5000000,
    });
  });

  it('forgets a garbage token and sends the user to login', async () => {
    localStorage.setItem('access_token', 'garbage');
    localStorage.setItem('authenticated', 'true');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('authenticated')).toBeNull();
  });

  it('remembers the page whose session had ended, and never the login page it then shows', async () => {
    localStorage.setItem('access_token', 'expired-token');
    localStorage.setItem('authenticated', 'true');
    window.history.replaceState(null, '', '/idc/ticket/create');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('callbackURL')).toBe('/ticket/create');

    // react-admin checks again once the portal stands at /login: the page is kept.
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/idc/login');
    const again = authProvider.checkAuth({}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await again).toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('callbackURL')).toBe('/ticket/create');
  });

  it('makes one request when several checks run together', async () => {
    await signInAsDemo();
    await Promise.all([
      authProvider.checkAuth({}),
      authProvider.checkAuth({}),
      authProvider.checkAuth({}),
    ]);
    expect(sandbox.requests.filter((request) => request === 'GET /api/v1/auth/user')).toHaveLength(
      1,
    );
  });
});

describe('checkAuth when the server or its gateway fails', () => {
  it('sends a 503 from a proxy in front of a stopped API to /500, the session kept', async () => {
    const token = await signInAsDemo();
    // The sandbox never answers 503 itself: a gateway does, so its answer is written here.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<html>Service Unavailable</html>', {
        status: 503,
        headers: { 'content-type': 'text/html' },
      }),
    );
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/500',
      logoutUser: false,
    });
    expect(await authProvider.logout({})).toBe('/500');
    expect(localStorage.getItem('access_token')).toBe(token);
  });
});

describe('checkAuth when the network fails', () => {
  it('forgets the session and sends the user to login when the network stays down (spec §4)', async () => {
    await signInAsDemo();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed'));
    vi.useFakeTimers();
    const outcome = authProvider.checkAuth({}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toMatchObject({ redirectTo: '/login' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('keeps the session when the second look, one second later, gets an answer', async () => {
    const token = await signInAsDemo();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed'));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const outcome = authProvider.checkAuth({});
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    await expect(outcome).resolves.toBeUndefined();
    expect(localStorage.getItem('access_token')).toBe(token);
  });

  it('keeps the session when the failure is the browser cancelling calls of a page being left', async () => {
    const token = await signInAsDemo();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValue(new TypeError('Failed to fetch'));
    vi.useFakeTimers();
    window.dispatchEvent(new Event('beforeunload'));
    try {
      let outcome: unknown = 'pending';
      authProvider.checkAuth({}).then(
        () => (outcome = 'resolved'),
        (error) => (outcome = error),
      );
      // Well past the one-second second look a broken network would get.
      await vi.advanceTimersByTimeAsync(5000);
      expect(outcome).toBe('pending');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('access_token')).toBe(token);
      expect(localStorage.getItem('authenticated')).toBe('true');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('treats the network as broken again once the page is shown anew', async () => {
    await signInAsDemo();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pageshow'));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed'));
    vi.useFakeTimers();
    const outcome = authProvider.checkAuth({}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toMatchObject({ redirectTo: '/login' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('checkError', () => {
  it('sends the user to login once when several calls fail with 401 together', async () => {
    await signInAsDemo();
    await authProvider.checkAuth({});
    const unauthorized = () => new HttpError('expired', 401, { message: 'expired' });
    const outcomes = await Promise.allSettled([
      authProvider.checkError(unauthorized()),
      authProvider.checkError(unauthorized()),
      authProvider.checkError(unauthorized()),
    ]);
    const redirects = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as { redirectTo: unknown }).redirectTo : null,
    );
    expect(redirects).toEqual(['/login', false, false]);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends a 500 to /500 without ending the session', async () => {
    const token = await signInAsDemo();
    await expect(
      authProvider.checkError(new HttpError('boom', 500, { message: 'boom' })),
    ).rejects.toMatchObject({ redirectTo: '/500', logoutUser: false });
    expect(localStorage.getItem('access_token')).toBe(token);
  });

  it('passes other errors to the caller', async () => {
    await expect(
      authProvider.checkError(new HttpError('blocked', 403, { message: 'blocked' })),
    ).resolves.toBeUndefined();
  });
});

describe('logout after a failed check', () => {
  it('keeps the callbackURL, the pending server choice and the language', async () => {
    await signInAsDemo();
    localStorage.setItem('callbackURL', '/volume');
    localStorage.setItem('cpu', '2');
    localStorage.setItem('locale', 'en');
    await expect(authProvider.logout({})).resolves.toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('callbackURL')).toBe('/volume');
    expect(localStorage.getItem('cpu')).toBe('2');
    expect(localStorage.getItem('locale')).toBe('en');
  });
});

describe('the API client', () => {
  it('turns an error answer into an HttpError carrying the server message in the asked language', async () => {
    localStorage.setItem('locale', 'en');
    const error = await authApi.getToken('demo@example.vn', 'wrong', 'en').catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'Wrong e-mail or password.' });
  });

  it('sends non-ASCII passwords intact through basic auth', async () => {
    await authApi.register({
      fullname: 'Người Dùng',
      password: 'mậtkhẩu1',
      verify_password: 'mậtkhẩu1',
      email: 'utf8@example.vn',
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    });
    await expect(authApi.getToken('utf8@example.vn', 'mậtkhẩu1')).resolves.toHaveProperty('token');
  });
});

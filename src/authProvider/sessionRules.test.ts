import { describe, expect, it } from 'vitest';

import {
  createOnceLatch,
  decideAfterSessionCheck,
  destinationForErrorStatus,
  destinationForFailedSessionCheck,
  isAllowedExternalRedirect,
  isSafeInternalPath,
  type SessionCheckInput,
} from './sessionRules';

const VPS = 'https://vps.example.vn';

function check(
  overrides: Partial<SessionCheckInput> & { query?: string },
): ReturnType<typeof decideAfterSessionCheck> {
  const { query = '', ...rest } = overrides;
  return decideAfterSessionCheck({
    emailVerified: true,
    pathname: '/login',
    search: new URLSearchParams(query),
    pendingChoice: null,
    callbackUrl: null,
    vpsOrigin: VPS,
    ...rest,
  });
}

describe('the redirect rule (§4 c) compares exact origins', () => {
  it.each([
    ['https://vps.example.vn', true],
    ['https://vps.example.vn/', true],
    ['https://vps.example.vn/order?plan=2', true],
    ['https://vps.example.vn.evil.com/', false],
    ['https://vps.example.vn@evil.com/', false],
    ['https://user:pass@vps.example.vn/', false],
    ['//evil.com', false],
    ['/\\evil.com', false],
    ['//vps.example.vn', false],
    ['javascript:alert(1)', false],
    ['JavaScript://vps.example.vn/%0Aalert(1)', false],
    ['http://vps.example.vn/', false],
    ['https://vps.example.vn:8443/', false],
    ['https://evil.com/?https://vps.example.vn', false],
    ['/dashboard', false],
    ['not a url', false],
  ])('%s → allowed: %s', (redirect, allowed) => {
    expect(isAllowedExternalRedirect(redirect, VPS)).toBe(allowed);
  });

  it('refuses everything when the configured VPS origin is not a URL', () => {
    expect(isAllowedExternalRedirect('https://vps.example.vn', 'vps.example.vn')).toBe(false);
  });
});

describe('callbackURL is only followed inside the portal', () => {
  it.each([
    ['/cloud-server', true],
    ['/billing?tab=invoices', true],
    ['//evil.com', false],
    ['/\\evil.com', false],
    ['https://evil.com', false],
    ['', false],
    [null, false],
  ])('%s → safe: %s', (path, safe) => {
    expect(isSafeInternalPath(path)).toBe(safe);
  });
});

describe('after a successful session check', () => {
  it('holds an unverified user at /verify', () => {
    expect(check({ emailVerified: false, pathname: '/dashboard' })).toEqual({
      kind: 'portal',
      path: '/verify',
    });
    expect(check({ emailVerified: false, pathname: '/login' })).toEqual({
      kind: 'portal',
      path: '/verify',
    });
  });

  it('leaves an unverified user on /verify', () => {
    expect(check({ emailVerified: false, pathname: '/verify' })).toEqual({ kind: 'stay' });
  });

  it('a: sends a public page with redirect=/idc/cloud-server/create to creation with the query choice', () => {
    expect(
      check({
        pathname: '/register',
        query: 'redirect=/idc/cloud-server/create&cpu=2&ram=4&disk=40&interval=12',
      }),
    ).toEqual({ kind: 'portal', path: '/cloud-server/create?cpu=2&ram=4&disk=40&interval=12' });
  });

  it('a: hands the create form the offer as it came, billingcycle=annually included (spec §9)', () => {
    expect(
      check({
        pathname: '/login',
        query: 'redirect=/idc/cloud-server/create&cpu=2&ram=4&disk=40&billingcycle=annually',
      }),
    ).toEqual({
      kind: 'portal',
      path: '/cloud-server/create?cpu=2&ram=4&disk=40&billingcycle=annually',
    });
  });

  it('b: sends an auth page with a stored choice to creation', () => {
    expect(
      check({ pathname: '/login', pendingChoice: { cpu: '1', ram: '2', disk: '20' } }),
    ).toEqual({ kind: 'portal', path: '/cloud-server/create?cpu=1&ram=2&disk=20' });
  });

  it('b resumes the stored choice after the e-mail is confirmed, before d', () => {
    expect(
      check({
        pathname: '/confirm',
        query: 'token=abc',
        pendingChoice: { cpu: '2', ram: '4', disk: '40', interval: '12' },
      }),
    ).toEqual({ kind: 'portal', path: '/cloud-server/create?cpu=2&ram=4&disk=40&interval=12' });
  });

  it('b does not apply outside the auth pages', () => {
    expect(
      check({ pathname: '/forgot', pendingChoice: { cpu: '1', ram: '2', disk: '20' } }),
    ).toEqual({ kind: 'portal', path: '/dashboard' });
  });

  it('c: follows a redirect on the VPS host', () => {
    expect(check({ query: 'redirect=https://vps.example.vn/checkout' })).toEqual({
      kind: 'external',
      url: 'https://vps.example.vn/checkout',
    });
  });

  it.each([
    'https://vps.example.vn.evil.com',
    'https://vps.example.vn@evil.com',
    '//evil.com',
    '/\\evil.com',
    'javascript:alert(document.cookie)',
  ])('c: lands on /dashboard instead of %s', (redirect) => {
    const query = new URLSearchParams({ redirect }).toString();
    expect(check({ query })).toEqual({ kind: 'portal', path: '/dashboard' });
  });

  it('d: sends /verify and /confirm to the dashboard', () => {
    expect(check({ pathname: '/verify' })).toEqual({ kind: 'portal', path: '/dashboard' });
    expect(check({ pathname: '/confirm', query: 'token=abc' })).toEqual({
      kind: 'portal',
      path: '/dashboard',
    });
  });

  it('goes to the stored callbackURL after login, the dashboard by default', () => {
    expect(check({ callbackUrl: '/cloud-server' })).toEqual({
      kind: 'portal',
      path: '/cloud-server',
    });
    expect(check({ callbackUrl: null })).toEqual({ kind: 'portal', path: '/dashboard' });
    expect(check({ callbackUrl: '//evil.com' })).toEqual({ kind: 'portal', path: '/dashboard' });
  });

  it('stays on a logged-in page', () => {
    expect(check({ pathname: '/cloud-server' })).toEqual({ kind: 'stay' });
  });
});

describe('failed calls', () => {
  it('sends 401 to login and 500 to /500, and leaves other errors to the caller', () => {
    expect(destinationForErrorStatus(401)).toBe('/login');
    expect(destinationForErrorStatus(500)).toBe('/500');
    expect(destinationForErrorStatus(400)).toBeNull();
    expect(destinationForErrorStatus(403)).toBeNull();
    expect(destinationForErrorStatus(undefined)).toBeNull();
  });

  it('sends a session check that a server or its gateway failed to /500, and only those', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(destinationForFailedSessionCheck(status)).toBe('/500');
    }
    expect(destinationForFailedSessionCheck(401)).toBe('/login');
    expect(destinationForFailedSessionCheck(403)).toBeNull();
    expect(destinationForFailedSessionCheck(429)).toBeNull();
    expect(destinationForFailedSessionCheck(undefined)).toBeNull();
  });

  it('lets only the first of several simultaneous 401s act', () => {
    const latch = createOnceLatch();
    expect([latch.take(), latch.take(), latch.take()]).toEqual([true, false, false]);
    latch.reset();
    expect(latch.take()).toBe(true);
  });
});

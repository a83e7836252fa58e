// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiAs, buyServer, signIn } from '../../server/testing';
import { PORTAL_ORIGIN, startSandbox, type Sandbox } from '../../tests/support/sandbox';
import { buildUrl } from './client';
import { contractClient, fillPath, type ContractCall } from './contractClient';

// What a wrong call does at compile time is proved by contractCall.test-d.ts (npm run typecheck).

describe('the URL of a contract call', () => {
  it('fills the path parameters into the templated path, URL-encoded', () => {
    expect(fillPath('/cloud/servers/{id}/ips/{ip_id}', { id: 7, ip_id: '12' })).toBe(
      '/cloud/servers/7/ips/12',
    );
    expect(fillPath('/billing/payment_attempts/{reference}', { reference: 'TOPUP 1/2' })).toBe(
      '/billing/payment_attempts/TOPUP%201%2F2',
    );
    expect(fillPath('/auth/user')).toBe('/auth/user');
  });

  it('adds the query as before: empty and undefined values are left out', () => {
    expect(
      buildUrl(fillPath('/cloud/servers/{id}', { id: 7 }), {
        delete_volumes: true,
        per_page: 9999,
        search: '',
        status: undefined,
      }),
    ).toBe(`${PORTAL_ORIGIN}/api/v1/cloud/servers/7?delete_volumes=true&per_page=9999`);
  });
});

describe('a contract call against the sandbox', () => {
  let sandbox: Sandbox;
  let call: ContractCall;

  beforeEach(async () => {
    sandbox = await startSandbox();
    const token = await signIn(sandbox.app, 'demo@example.vn');
    call = contractClient(() => ({ credentials: { kind: 'token', token }, locale: 'en' }));
  });

  afterEach(async () => {
    await sandbox.close();
  });

  it('sends the method, the filled path and the query, and resolves with the answer', async () => {
    // A paid server order issues the invoice read below.
    const token = await signIn(sandbox.app, 'demo@example.vn');
    await buyServer(apiAs(sandbox.app, token));
    const page = await call('GET', '/billing/invoices', {
      params: { query: { status: 'paid', per_page: 1 } },
    });
    expect(page.total).toBe(1);
    const invoice = await call('GET', '/billing/invoices/{id}', {
      params: { path: { id: String(page.items[0]!.id) } },
    });
    expect(invoice).toEqual(page.items[0]);

    const profile = await call('PATCH', '/account/profile', {
      body: { fullname: 'Nguyễn Văn An' },
    });
    expect(profile.fullname).toBe('Nguyễn Văn An');

    expect(sandbox.requests.slice(-3)).toEqual([
      'GET /api/v1/billing/invoices',
      `GET /api/v1/billing/invoices/${invoice.id}`,
      'PATCH /api/v1/account/profile',
    ]);
    expect(sandbox.outsideContract).toEqual([]);
  });
});

/**
 * Renders the signed-in portal (the real App: react-admin, layout, routes, providers) at a path,
 * against the in-process sandbox, with a customer already signed in as the session check would
 * have left the browser. Used by the cloud-server and order screen tests.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

import App from '../../../src/App';
import { createServerOrder, type ServerChoice } from '../../../src/domain/serverOrder';
import { vi as vietnamese } from '../../../src/i18n/vi';
import type { Sandbox } from '../../support/sandbox';
import { SMALL_SERVER } from '../../support/serverChoices';

export const DEMO_PASSWORD = 'Demo@12345';

/** Signs in through the API and stores the token and user_info, as the login page would. */
export async function signInAs(sandbox: Sandbox, email: string): Promise<string> {
  const basic = Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64');
  const tokenAnswer = await sandbox.app.inject({
    url: '/api/v1/auth/token',
    headers: { authorization: `Basic ${basic}` },
  });
  const { token } = tokenAnswer.json() as { token: string };
  const userAnswer = await sandbox.app.inject({
    url: '/api/v1/auth/user',
    headers: { authorization: `Token ${token}` },
  });
  localStorage.setItem('access_token', token);
  localStorage.setItem('authenticated', 'true');
  localStorage.setItem('user_info', userAnswer.body);
  return token;
}

/**
 * Registers a customer with DEMO_PASSWORD (so signInAs works) and confirms the e-mail through the
 * mailed link, as the customer would; answers the link's query (`?token=…`), now used.
 */
export async function registerConfirmed(sandbox: Sandbox, email: string): Promise<string> {
  const registered = await sandbox.app.inject({
    method: 'POST',
    url: '/api/v1/auth/users',
    payload: {
      fullname: 'Đỗ Thị Lan',
      email,
      password: DEMO_PASSWORD,
      verify_password: DEMO_PASSWORD,
      phone: '+84987654321',
      formatted_phone: '098 765 43 21',
    },
  });
  if (registered.statusCode !== 201) throw new Error(`registering failed: ${registered.body}`);
  const [mail] = await sandbox.outbox(email);
  const link = new URL(mail?.links.find((href) => href.includes('/confirm?token=')) ?? '');
  const confirmed = await sandbox.app.inject({
    method: 'POST',
    url: '/api/v1/auth/users/confirm_email',
    payload: { token: link.searchParams.get('token') },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirming failed: ${confirmed.body}`);
  return link.search;
}

/** One API call made directly to the sandbox (test set-up and cross-checks). */
export async function api<T>(
  sandbox: Sandbox,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await sandbox.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.statusCode, body: answer.json() as T };
}

/** Shows where the router is, so tests can see navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

export function renderPortal(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App locale="vi" messages={vietnamese} onLocaleChange={async () => undefined} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export { SMALL_SERVER };

/** Places a pending create-server order through the API; answers the order. */
export async function placeOrder(
  sandbox: Sandbox,
  token: string,
  choice: ServerChoice = SMALL_SERVER,
): Promise<{ id: number; amount: number }> {
  const { status, body } = await api<{ id: number; amount: number }>(
    sandbox,
    token,
    'POST',
    '/billing/orders',
    createServerOrder(choice),
  );
  if (status !== 201) throw new Error(`placing the order failed: ${JSON.stringify(body)}`);
  return body;
}

/** Orders and pays a server through the API; answers its id. It builds for the build time. */
export async function buyServer(
  sandbox: Sandbox,
  token: string,
  choice: ServerChoice = SMALL_SERVER,
): Promise<number> {
  const order = await placeOrder(sandbox, token, choice);
  const { status, body } = await api<{ order: { resource_id: number } }>(
    sandbox,
    token,
    'POST',
    `/billing/orders/${order.id}/pay`,
    {},
  );
  if (status !== 200) throw new Error(`paying the order failed: ${JSON.stringify(body)}`);
  return body.order.resource_id;
}

/** Creates a data volume attached to a built server through the API. */
export async function attachNewVolume(
  sandbox: Sandbox,
  token: string,
  serverId: number,
  name = 'data-01',
): Promise<void> {
  const { status, body } = await api(sandbox, token, 'POST', '/storage/volumes', {
    name,
    size: 20,
    type: 'SSD',
    server_id: serverId,
  });
  if (status !== 201) throw new Error(`creating the volume failed: ${JSON.stringify(body)}`);
}

/**
 * Lets the next `method` call to a path ending in `pathEnd` reach the sandbox (its effect really
 * happens), then loses its answer as a broken connection does.
 */
export function loseAnswerOf(method: string, pathEnd: string): void {
  const realFetch = globalThis.fetch;
  let lost = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const answer = await realFetch(input, init);
    const sent = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    if (!lost && sent === method && new URL(url).pathname.endsWith(pathEnd)) {
      lost = true;
      throw new TypeError('Failed to fetch');
    }
    return answer;
  });
}

// @vitest-environment jsdom
/**
 * The signed-in portal when the API cannot be reached: a list that failed to load says so with a
 * Retry (never "no servers"), and an action whose answer is lost says the result is unknown and
 * shows the state read again, never "please try again".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, buyServer, placeOrder, renderPortal, signInAs } from './portalHarness';

/** Late in the month, so a small server is cheap for the rest of it. */
const NOW = new Date('2025-03-26T05:20:00.000Z');

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

const UNREACHABLE = 'Không kết nối được hệ thống. Kiểm tra mạng rồi thử lại.';
const RESULT_UNKNOWN =
  'Không rõ kết quả vì mất kết nối tới hệ thống; đang kiểm tra lại trạng thái trước khi cho phép thao tác tiếp.';
const TRY_AGAIN = 'Đã có lỗi xảy ra, vui lòng thử lại.';

type Fetch = typeof globalThis.fetch;

const requestOf = (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return `${method} ${url.pathname}`;
};

/**
 * The network between the portal and the API. `down()` makes every call fail without an answer
 * (a TypeError, as fetch does); `loseAnswerOf(call)` lets that call reach the sandbox, so its
 * effect really happens, and then loses the answer.
 */
function network() {
  const realFetch = globalThis.fetch;
  let isDown = false;
  let lostCall: string | null = null;
  const unanswered: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = requestOf(input, init);
    if (isDown) {
      unanswered.push(call);
      throw new TypeError('Failed to fetch');
    }
    if (call === lostCall) {
      lostCall = null;
      await realFetch(input, init);
      unanswered.push(call);
      throw new TypeError('Failed to fetch');
    }
    return realFetch(input, init);
  });
  return {
    unanswered,
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    loseAnswerOf: (call: string) => {
      lostCall = call;
    },
  };
}

describe('a list the API cannot deliver', () => {
  it('says the server cannot be reached, with a Retry, never "no servers"; Retry loads it once the network is back', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    const net = network();
    renderPortal('/dashboard');
    const user = userEvent.setup();
    const menuLink = await screen.findByRole('link', { name: 'Cloud VPS' });

    net.down();
    await user.click(menuLink);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNREACHABLE);
    expect(screen.queryByText('network_error')).not.toBeInTheDocument();
    expect(screen.queryByText('Bạn chưa có máy chủ nào')).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+-\d+ \/ \d+/)).not.toBeInTheDocument(); // no pager
    // The session check that just passed is not asked again of a dead network: the customer
    // stays signed in and can retry.
    expect(net.unanswered).not.toContain('GET /api/v1/auth/user');
    expect(localStorage.getItem('access_token')).toBe(token);

    net.up();
    await user.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('link', { name: 'web-01' })).toBeVisible();
    expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  });
});

describe('an action whose answer is lost', () => {
  it('powering off: says the result is unknown and reads the server again', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    vi.setSystemTime(new Date(Date.now() + 60 * 1000)); // the build is over
    const net = network();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    const actions = await screen.findByRole('group', { name: 'Thao tác với máy chủ' });
    await user.click(within(actions).getByRole('button', { name: 'Tắt máy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tắt máy chủ web-01' });
    net.loseAnswerOf(`POST /api/v1/cloud/servers/${id}/action`);
    await user.click(within(dialog).getByRole('button', { name: 'Tắt máy' }));

    expect(await screen.findByText(RESULT_UNKNOWN)).toBeVisible();
    expect(screen.queryByText(TRY_AGAIN)).not.toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // The server was read again after the lost answer, and it really is powering off.
    const posted = sandbox().requests.lastIndexOf(`POST /api/v1/cloud/servers/${id}/action`);
    await waitFor(() =>
      expect(sandbox().requests.slice(posted)).toContain(`GET /api/v1/cloud/servers/${id}`),
    );
    expect(net.unanswered).toEqual([`POST /api/v1/cloud/servers/${id}/action`]);
    const { body: again } = await api<{ message: string }>(
      sandbox(),
      token,
      'POST',
      `/cloud/servers/${id}/action`,
      { action: 'power_off' },
    );
    expect(again.message).toBe('Máy chủ đang tắt máy, vui lòng đợi thao tác hoàn tất.');
  });

  it('a gateway’s 502 page instead of the API’s answer reads as a lost answer, never “Bad Gateway”', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    vi.setSystemTime(new Date(Date.now() + 60 * 1000)); // the build is over
    const realFetch = globalThis.fetch;
    const powerOff = `POST /api/v1/cloud/servers/${id}/action`;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await realFetch(input, init);
      if (requestOf(input, init) !== powerOff) return answer;
      // The API did the work; the proxy in front of it answered with its own page.
      return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      });
    });
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    const actions = await screen.findByRole('group', { name: 'Thao tác với máy chủ' });
    await user.click(within(actions).getByRole('button', { name: 'Tắt máy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tắt máy chủ web-01' });
    await user.click(within(dialog).getByRole('button', { name: 'Tắt máy' }));

    expect(await screen.findByText(RESULT_UNKNOWN)).toBeVisible();
    expect(screen.queryByText(/Bad Gateway/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/cloud-server/${id}/detail`);
    const posted = sandbox().requests.lastIndexOf(powerOff);
    await waitFor(() =>
      expect(sandbox().requests.slice(posted)).toContain(`GET /api/v1/cloud/servers/${id}`),
    );
  });

  it('paying an order: says the result is unknown, reads the order again and shows it paid, charged once', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { body: before } = await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user');
    const order = await placeOrder(sandbox(), token);
    const net = network();
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();

    await screen.findByTestId('order-total');
    net.loseAnswerOf(`POST /api/v1/billing/orders/${order.id}/pay`);
    await user.click(screen.getByRole('button', { name: `Thanh toán ${formatVnd(order.amount)}` }));

    expect(await screen.findByText(RESULT_UNKNOWN)).toBeVisible();
    expect(await screen.findByText('Đơn hàng đã được thanh toán.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Thanh toán / })).not.toBeInTheDocument();
    expect(screen.queryByText(TRY_AGAIN)).not.toBeInTheDocument();
    const { body: after } = await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user');
    expect(after.balance).toBe(before.balance - order.amount);
  });
});

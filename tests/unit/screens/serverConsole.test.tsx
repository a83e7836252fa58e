// @vitest-environment jsdom
/**
 * The web console's screen (issue 19) against the in-process sandbox. jsdom's own WebSocket would
 * dial a real port; the console's socket is handed to the sandbox's WebSocket route instead
 * (`injectWS`, the same route `npm start` serves), as the contract guard hands it every fetch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';

import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest, type Sandbox } from '../../support/sandbox';
import { api, buyServer, renderPortal, signInAs } from './portalHarness';

const NOW = new Date('2025-03-26T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

beforeEach(() => {
  // jsdom has no matchMedia; xterm.js asks it for the screen's pixel ratio.
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  // …nor a canvas: xterm.js then measures with the DOM alone (its rows are DOM either way).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sandbox = sandboxPerTest();

/** The browser's WebSocket, connected to the sandbox's console route in-process. */
function socketsTo(target: Sandbox) {
  return class SandboxWebSocket {
    static readonly OPEN = 1;
    readonly OPEN = 1;
    readyState = 0;
    onopen: ((event: object) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: ((event: { code: number; reason: string }) => void) | null = null;
    private socket: ServerSocket | undefined;

    constructor(url: string) {
      const { pathname, search } = new URL(url);
      void target.app
        .injectWS(
          `${pathname}${search}`,
          {},
          {
            onInit: (ws: ServerSocket) => {
              ws.on('message', (data) => this.onmessage?.({ data: String(data) }));
              ws.on('close', (code, reason) => {
                this.readyState = 3;
                this.onclose?.({ code, reason: String(reason) });
              });
            },
          },
        )
        .then((ws: ServerSocket) => {
          this.socket = ws;
          if (this.readyState !== 0) return;
          this.readyState = 1;
          this.onopen?.({});
        });
    }

    send(data: string) {
      this.socket?.send(data);
    }

    close(code?: number) {
      this.socket?.close(code);
    }
  };
}

async function runningServer(token: string): Promise<number> {
  const id = await buyServer(sandbox(), token);
  vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
  return id;
}

describe('the web console', () => {
  it('opens from a running server’s page, connects and shows the console’s login prompt', async () => {
    vi.stubGlobal('WebSocket', socketsTo(sandbox()));
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await runningServer(token);
    renderPortal(`/cloud-server/${id}/detail`);

    await userEvent.click(
      await screen.findByRole('link', { name: 'Mở console của máy chủ web-01' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/cloud-server/${id}/console`),
    );
    expect(await screen.findByRole('heading', { name: 'Console: web-01' })).toBeVisible();
    // The breadcrumb names the server and leads back to its page.
    const trail = await screen.findByRole('navigation', { name: 'Vị trí trang' });
    expect(within(trail).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      `/cloud-server/${id}/detail`,
    );
    expect(within(trail).getByText('Console')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Đã kết nối')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('console-screen')).toHaveTextContent('web-01 login:'),
    );
    expect(sandbox().requests).toContain(`POST /api/v1/cloud/servers/${id}/console`);
  });

  it('says why when the server is not running, and asks a new ticket on Reconnect', async () => {
    vi.stubGlobal('WebSocket', socketsTo(sandbox()));
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await runningServer(token);
    await api(sandbox(), token, 'POST', `/cloud/servers/${id}/action`, { action: 'power_off' });
    vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
    renderPortal(`/cloud-server/${id}/console`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Chỉ mở được console khi máy chủ đang chạy (máy chủ đã tắt).');
    await api(sandbox(), token, 'POST', `/cloud/servers/${id}/action`, { action: 'power_on' });
    vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
    await userEvent.click(screen.getByRole('button', { name: 'Kết nối lại' }));
    expect(await screen.findByText('Đã kết nối')).toBeVisible();
    const tickets = sandbox().requests.filter((call) => call.endsWith(`/${id}/console`));
    expect(tickets).toHaveLength(2);
  });
});

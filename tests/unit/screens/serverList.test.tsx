// @vitest-environment jsdom
/**
 * The server list for a customer with many servers (issue 19 §5): sorting kept in the address,
 * the status filter, search by IP, the "+N" addresses, copy buttons, and the ticked servers
 * powered off or deleted after one confirmation.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import {
  api,
  attachNewVolume,
  buyServer,
  renderPortal,
  signInAs,
  SMALL_SERVER,
} from './portalHarness';

/** Late in the month, so the demo account can afford a few small servers for the rest of it. */
const NOW = new Date('2025-03-26T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

/** Moves the sandbox's clock (it reads Date) past builds and power tasks. */
function later(ms = MINUTE_MS) {
  vi.setSystemTime(new Date(Date.now() + ms));
}

interface ApiServer {
  id: number;
  name: string;
  status: string;
  ipv4: string[];
  ipv6: string[];
}

async function serverOf(token: string, id: number) {
  return (await api<ApiServer>(sandbox(), token, 'GET', `/cloud/servers/${id}`)).body;
}

/** The server names in the order the list shows them. */
function rowNames(): string[] {
  return screen
    .getAllByRole('row')
    .map((row) => row.querySelector('a[href$="/detail"]')?.textContent ?? '')
    .filter(Boolean);
}

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

const location = () => screen.getByTestId('location').textContent ?? '';

describe('sorting the server list', () => {
  it('sorts by a column header, keeps the sort in the address, and a reload keeps it', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'app-01' });
    later();
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'web-01' });
    later();
    renderPortal('/cloud-server');
    const user = userEvent.setup();

    // The page says what it is, and without a sort the API's order is newest first.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud VPS' })).toBeVisible();
    await screen.findByRole('link', { name: 'app-01' });
    expect(rowNames()).toEqual(['web-01', 'app-01']);

    await user.click(screen.getByRole('button', { name: /^Sắp xếp theo tên máy chủ/ }));
    await waitFor(() => expect(rowNames()).toEqual(['app-01', 'web-01']));
    expect(location()).toMatch(/sort=name/);
    expect(location()).toMatch(/order=ASC/);

    // Creation date: newest first on the first press, oldest first on the second.
    await user.click(screen.getByRole('button', { name: /^Sắp xếp theo ngày tạo/ }));
    await waitFor(() => expect(location()).toMatch(/sort=created/));
    await waitFor(() => expect(rowNames()).toEqual(['web-01', 'app-01']));
    await user.click(screen.getByRole('button', { name: /^Sắp xếp theo ngày tạo/ }));
    await waitFor(() => expect(location()).toMatch(/order=ASC/));
    await waitFor(() => expect(rowNames()).toEqual(['app-01', 'web-01']));

    // A reload at that address (or a shared link) shows the same order.
    const address = location();
    cleanup();
    renderPortal(address);
    await screen.findByRole('link', { name: 'app-01' });
    expect(rowNames()).toEqual(['app-01', 'web-01']);
    expect(location()).toMatch(/sort=created/);
  });
});

describe('finding servers', () => {
  it('filters by status', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const off = await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'off-01' });
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'on-01' });
    later();
    await api(sandbox(), token, 'POST', `/cloud/servers/${off}/action`, { action: 'power_off' });
    later();
    renderPortal('/cloud-server');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'on-01' });

    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Đã tắt' }));
    // The filter form waits for changes to settle by the clock (lodash's debounce reads Date).
    later(1000);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'on-01' })).toBeNull());
    expect(screen.getByRole('link', { name: 'off-01' })).toBeVisible();
    expect(location()).toMatch(/shutoff/);
  });

  it('finds a server by one of its IP addresses, and the box says it does', async () => {
    // The search box waits for typing to pause, which needs a running clock.
    vi.useRealTimers();
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const web = await buyServer(sandbox(), token, { ...SMALL_SERVER, extraIpv4: 1 });
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'db-01' });
    const second = (await serverOf(token, web)).ipv4[1] as string;
    renderPortal('/cloud-server');
    await screen.findByRole('link', { name: 'db-01' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Tìm theo tên hoặc IP' }), second);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'db-01' })).toBeNull());
    expect(screen.getByRole('link', { name: 'web-01' })).toBeVisible();
  });
});

describe('a row of the server list', () => {
  it('shows two addresses and the rest behind "+N", each with a copy button', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token, { ...SMALL_SERVER, extraIpv4: 3, ipv6: true });
    const server = await serverOf(token, id);
    const addresses = [...server.ipv4, ...server.ipv6];
    expect(addresses).toHaveLength(5);
    renderPortal('/cloud-server');
    const user = userEvent.setup();
    const row = await rowOf('web-01');

    expect(within(row).getByText(addresses[0] as string)).toBeVisible();
    expect(within(row).getByText(addresses[1] as string)).toBeVisible();
    expect(within(row).queryByText(addresses[2] as string)).toBeNull();
    const more = within(row).getByRole('button', { name: 'Hiện thêm 3 địa chỉ IP' });
    expect(more).toHaveTextContent('+3');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    for (const address of addresses) expect(within(row).getByText(address)).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Thu gọn' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Expanding stays on the list (the row's own click opens the server).
    expect(location()).toBe('/cloud-server');

    const last = addresses[4] as string;
    await user.click(within(row).getByRole('button', { name: `Sao chép IP ${last} của web-01` }));
    expect(await navigator.clipboard.readText()).toBe(last);
    expect(within(row).getByRole('status')).toHaveTextContent('Đã sao chép');

    await user.click(within(row).getByRole('button', { name: 'Sao chép ID của web-01' }));
    expect(await navigator.clipboard.readText()).toBe(String(id));
    expect(location()).toBe('/cloud-server');
  });

  it('offers the power actions its status allows, and the console of a running server', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    renderPortal('/cloud-server');
    const user = userEvent.setup();
    let row = await rowOf('web-01');
    // Still building: nothing to power, no console.
    expect(within(row).getByRole('button', { name: 'Bật/tắt máy chủ web-01' })).toBeDisabled();
    expect(within(row).queryByRole('link', { name: 'Mở console của máy chủ web-01' })).toBeNull();

    later();
    await waitFor(() => expect(within(row).getByText('Đang hoạt động')).toBeVisible(), {
      timeout: 5000,
    });
    row = await rowOf('web-01');
    expect(
      within(row).getByRole('link', { name: 'Mở console của máy chủ web-01' }),
    ).toHaveAttribute('href', `/cloud-server/${id}/console`);
    await user.click(within(row).getByRole('button', { name: 'Bật/tắt máy chủ web-01' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Tắt máy', 'Khởi động lại', 'Khởi động lại cưỡng bức']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Khởi động lại' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Khởi động lại' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/cloud-server');
    expect((await serverOf(token, id)).status).toBe('rebooting');
  });
});

describe('acting on several servers', () => {
  it('powers off the ticked servers after one confirmation that lists them', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const ids = [
      await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'web-01' }),
      await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'web-02' }),
      await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'web-03' }),
    ];
    later();
    renderPortal('/cloud-server');
    const user = userEvent.setup();

    for (const name of ['web-01', 'web-02']) {
      await user.click(within(await rowOf(name)).getByRole('checkbox'));
    }
    await user.click(await screen.findByRole('button', { name: 'Tắt máy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tắt 2 máy chủ' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['web-02', 'web-01']);
    await user.click(within(dialog).getByRole('button', { name: 'Tắt máy' }));
    expect(await screen.findByText('Đã gửi lệnh tới 2 máy chủ.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The machines go off a few seconds later; the list, polling fast after the action, shows it.
    later(10 * 1000);
    await waitFor(
      async () => {
        expect(within(await rowOf('web-01')).getByText('Đã tắt')).toBeVisible();
        expect(within(await rowOf('web-02')).getByText('Đã tắt')).toBeVisible();
      },
      { timeout: 8000 },
    );
    expect(within(await rowOf('web-03')).getByText('Đang hoạt động')).toBeVisible();
    const statuses = await Promise.all(ids.map(async (id) => (await serverOf(token, id)).status));
    expect(statuses).toEqual(['shutoff', 'shutoff', 'active']);
  });

  it('deletes the ticked servers once the count is typed, saying what is not refunded', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const first = await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'old-01' });
    const second = await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'old-02' });
    later();
    await attachNewVolume(sandbox(), token, first);
    renderPortal('/cloud-server');
    const user = userEvent.setup();

    await user.click(within(await rowOf('old-01')).getByRole('checkbox'));
    await user.click(within(await rowOf('old-02')).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Xoá' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá 2 máy chủ' });
    // The choice about volumes names the one attached to either server.
    expect(
      await within(dialog).findByRole('checkbox', { name: /^Xoá cả các volume .*: data-01$/ }),
    ).not.toBeChecked();
    const items = within(dialog).getAllByRole('listitem');
    // Each with what its unused paid period is worth, as the single delete says it.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^old-02: Phần đã thanh toán còn lại .* sẽ không được hoàn lại\.$/),
      expect.stringMatching(/^old-01: Phần đã thanh toán còn lại .* sẽ không được hoàn lại\.$/),
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Xoá' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Nhập "xoá 2 máy chủ" để xác nhận'),
      'xoá 2 máy chủ',
    );
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Đang xoá 2 máy chủ.')).toBeVisible();
    expect((await serverOf(token, first)).status).toBe('deleting');
    expect((await serverOf(token, second)).status).toBe('deleting');
  });

  it('asks nothing about volumes when none is attached to the ticked servers', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'old-01' });
    later();
    renderPortal('/cloud-server');
    const user = userEvent.setup();

    await user.click(within(await rowOf('old-01')).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Xoá' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá 1 máy chủ' });
    await waitFor(() => expect(sandbox().requests).toContain('GET /api/v1/storage/volumes'));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox')).toBeNull());
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(/^old-01: /);
  });
});

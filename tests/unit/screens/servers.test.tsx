// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { lastDayPaid } from '../../../src/domain/periods';
import { moveSandboxClock } from '../../../server/testing';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import {
  api,
  attachNewVolume,
  buyServer,
  loseAnswerOf,
  placeOrder,
  renderPortal,
  signInAs,
  SMALL_SERVER,
} from './portalHarness';

/** Late in the month, so the trial account can afford a small server for the rest of it. */
const NOW = new Date('2025-03-26T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

/** Lets the sandbox's clock run past the build (20 s by default). */
function buildFinished() {
  vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
}

async function typeName(dialog: HTMLElement, name: string) {
  await userEvent.type(
    within(dialog).getByLabelText(`Nhập tên máy chủ "${name}" để xác nhận`),
    name,
  );
}

describe('the server list', () => {
  it('leads a customer without servers to create one', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server');
    expect(await screen.findByText('Bạn chưa có máy chủ nào')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Tạo máy chủ' });
    expect(links.some((link) => link.getAttribute('href') === '/cloud-server/create')).toBe(true);
  });

  it('shows each server, its build progress and the orders awaiting payment, and polls until it is built', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    const pending = await placeOrder(sandbox(), token, { ...SMALL_SERVER, name: 'db-01' });
    renderPortal('/cloud-server');

    // Grey rows stand where the servers will be while the list loads, not a blank area.
    const skeleton = await screen.findByTestId('list-skeleton');
    expect(skeleton).toHaveAttribute('role', 'status');
    expect(skeleton).toHaveTextContent('Đang tải');

    const row = (await screen.findByRole('link', { name: 'web-01' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Đang khởi tạo')).toBeVisible();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(row).getByText('0%')).toBeVisible();
    expect(within(row).getByText('1 CPU · 1 GB RAM · 20 GB SSD')).toBeVisible();
    expect(within(row).getByText('26-03-2025')).toBeVisible();

    expect(screen.getByText('Bạn có 1 đơn hàng đang chờ thanh toán:')).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: `db-01: 1 CPU, 1 GB RAM, 20 GB SSD – ${formatVnd(pending.amount)}`,
      }),
    ).toHaveAttribute('href', `/order/create?id=${pending.id}`);

    // While it builds the list asks again every couple of seconds.
    buildFinished();
    await waitFor(() => expect(within(row).getByText('Đang hoạt động')).toBeVisible());
    expect(within(row).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('finds servers by name', async () => {
    // The search box waits for typing to pause, which needs a running clock.
    vi.useRealTimers();
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'db-01' });
    renderPortal('/cloud-server');
    await screen.findByRole('link', { name: 'db-01' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Tìm theo tên hoặc IP' }), 'web');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'db-01' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'web-01' })).toBeVisible();
  });
});

describe('the server detail page', () => {
  it('offers power as the main action and the rest in a menu that the keyboard can use', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'web-01' })).toBeVisible();
    const actions = screen.getByRole('group', { name: 'Thao tác với máy chủ' });
    const names = within(actions)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Tắt máy', 'Thao tác khác']);

    const more = within(actions).getByRole('button', { name: 'Thao tác khác' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // Named by its button, which says which menu it opened.
    expect(menu).toHaveAttribute('aria-labelledby', more.id);
    expect(more).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Khởi động lại',
      'Khởi động lại cưỡng bức',
      'Đặt lại mật khẩu',
      'Thay đổi cấu hình',
      'Cài lại hệ điều hành',
      'Xoá máy chủ',
    ]);
    // Each item its own icon: a hard reboot does not look like the soft one.
    const icons = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.querySelector('svg')?.getAttribute('data-testid'));
    expect(new Set(icons).size).toBe(icons.length);
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Khởi động lại' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Khởi động lại cưỡng bức' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(more).toHaveFocus();

    // A menu item opens its dialog; closing it gives the focus back to the menu button.
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Đặt lại mật khẩu' }));
    const reset = await screen.findByRole('dialog', {
      name: 'Đặt lại mật khẩu quản trị của web-01',
    });
    await user.click(within(reset).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(reset).not.toBeInTheDocument());
    expect(more).toHaveFocus();
  });

  it('shows the power-off at once, holds the other actions until the server is off, and says so', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    const actions = await screen.findByRole('group', { name: 'Thao tác với máy chủ' });
    const announcement = screen
      .getAllByRole('status')
      .find((region) => region.textContent?.startsWith('Máy chủ web-01:')) as HTMLElement;
    expect(announcement).toHaveTextContent('Máy chủ web-01: Đang hoạt động');
    await user.click(within(actions).getByRole('button', { name: 'Tắt máy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tắt máy chủ web-01' });
    // Asked once: powering off loses nothing a power-on does not bring back.
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tắt máy' }));
    expect(await screen.findByText('Đang tắt máy chủ web-01.')).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // The sandbox still says "active" for a few seconds: the page shows the transition meanwhile.
    const { body: during } = await api<{ status: string }>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${id}`,
    );
    expect(during.status).toBe('active');
    expect(announcement).toHaveTextContent('Máy chủ web-01: Đang tắt');
    expect(screen.getAllByText('Đang tắt').length).toBeGreaterThan(0);
    for (const button of within(actions).getAllByRole('button')) expect(button).toBeDisabled();

    vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
    await waitFor(() => expect(announcement).toHaveTextContent('Máy chủ web-01: Đã tắt'));
    expect(within(actions).getByRole('button', { name: 'Bật máy' })).toBeEnabled();
    expect(screen.queryByText('Đang tắt')).not.toBeInTheDocument();
  });

  it('never shows a percentage while the server reboots', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    const rebooted = await api(sandbox(), token, 'POST', `/cloud/servers/${id}/action`, {
      action: 'soft_reboot',
    });
    expect(rebooted.status).toBeLessThan(300);
    renderPortal(`/cloud-server/${id}/detail`);

    await screen.findByRole('heading', { name: 'web-01' });
    const status = screen.getByText('Trạng thái').nextElementSibling as HTMLElement;
    expect(status).toHaveTextContent(/^Đang khởi động lại$/);
    expect(
      screen.queryByRole('progressbar', { name: /^Đang khởi động lại/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+%/)).not.toBeInTheDocument();
  });

  it('shows the datacenter by name, with a placeholder and never its code while the names load', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);

    await screen.findByRole('heading', { name: 'web-01' });
    const datacenter = screen.getByText('Trung tâm dữ liệu').nextElementSibling as HTMLElement;
    if (datacenter.textContent !== 'Hà Nội') {
      expect(within(datacenter).getByTestId('datacenter-loading')).toBeInTheDocument();
      expect(datacenter).not.toHaveTextContent('HN');
    }
    await waitFor(() => expect(datacenter).toHaveTextContent(/^Hà Nội$/));
  });

  it('prices a resize as the sandbox does, never shrinks the disk, and shows the wait notice', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Thao tác khác' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Thay đổi cấu hình' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thay đổi cấu hình máy chủ web-01' });
    expect(within(dialog).getByText(/Thao tác này cần khoảng 15–30 phút/)).toBeVisible();

    const disk = within(dialog).getByLabelText('Ổ đĩa gốc (GB)');
    await user.clear(disk);
    await user.type(disk, '10');
    expect(
      within(dialog).getByText('Không thể giảm dung lượng ổ đĩa khi nâng cấp cấu hình.'),
    ).toBeVisible();

    await user.clear(disk);
    await user.type(disk, '40');
    const cpu = within(dialog).getByLabelText('CPU (core)');
    await user.clear(cpu);
    await user.type(cpu, '2');
    const { body: price } = await api<{ total: number }>(
      sandbox(),
      token,
      'POST',
      '/billing/calculation',
      {
        action: 'resize_server',
        reference_id: id,
        products: [
          { id_or_name: 'cpu_2c', quantity: 1 },
          { id_or_name: 'ram_1gb', quantity: 1 },
          { id_or_name: 'volume_ssd_40gb', quantity: 1 },
        ],
      },
    );
    // Said as every price is said: what it covers, then what it adds a month.
    await waitFor(() =>
      expect(within(dialog).getByTestId('first-payment')).toHaveTextContent(
        `Thanh toán lần này ${formatVnd(price.total)}: từ hôm nay 26-03-2025 đến hết 31-03-2025 (phần còn lại của tháng này) — sau đó thêm 170.000 ₫/tháng`,
      ),
    );
    expect(within(dialog).getByText('Số tiền này được trừ ngay vào số dư.')).toBeVisible();

    await typeName(dialog, 'web-01');
    await user.click(within(dialog).getByRole('button', { name: 'Thay đổi cấu hình' }));
    expect(await screen.findByText('Đang thay đổi cấu hình máy chủ web-01.')).toBeVisible();
    expect(await screen.findAllByText('Đang thay đổi cấu hình')).not.toHaveLength(0);
  });

  it('lists, buys and releases IP addresses, never the primary one', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Địa chỉ IP' }));
    const table = await screen.findByRole('table', { name: 'Địa chỉ IP' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('IP chính')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Xoá IP/ })).not.toBeInTheDocument();
    // Each kind's monthly price comes from spec §7's call, made exactly as written.
    await user.click(screen.getByRole('combobox', { name: 'Loại' }));
    expect(await screen.findByRole('option', { name: 'IPv6 — 10.000 ₫/tháng' })).toBeVisible();
    await user.click(screen.getByRole('option', { name: 'IPv4 — 50.000 ₫/tháng' }));
    expect(sandbox().requestsWithQuery).toContain(
      'GET /api/v1/billing/plans?product_category=wanip&interval_count=1',
    );

    const quantity = screen.getByLabelText('Số lượng');
    await user.clear(quantity);
    await user.type(quantity, '2');
    const { body: quote } = await api<{ total: number }>(
      sandbox(),
      token,
      'POST',
      '/billing/calculation',
      {
        action: 'buy_ip',
        reference_id: id,
        products: [{ id_or_name: 'wan_ipv4_1', quantity: 2 }],
      },
    );
    const balance = async () =>
      (await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user')).body.balance;
    const balanceBefore = await balance();
    const purchases = () =>
      sandbox().requests.filter(
        (call) => call.endsWith(`/servers/${id}/ips`) && call.startsWith('POST'),
      );

    // Buying asks first, with the sandbox's price; Cancel moves no money.
    await user.click(await screen.findByRole('button', { name: 'Mua IP' }));
    let confirm = await screen.findByRole('dialog', { name: 'Xác nhận mua IP' });
    expect(within(confirm).getByTestId('first-payment')).toHaveTextContent(
      new RegExp(
        `^Thanh toán lần này ${formatVnd(quote.total)}: từ hôm nay 26-03-2025 đến hết 31-03-2025 \\(phần còn lại của tháng này\\) — sau đó thêm 100\\.000 ₫/tháng$`,
      ),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(purchases()).toEqual([]);
    expect(await balance()).toBe(balanceBefore);

    await user.click(screen.getByRole('button', { name: 'Mua IP' }));
    confirm = await screen.findByRole('dialog', { name: 'Xác nhận mua IP' });
    await user.dblClick(
      within(confirm).getByRole('button', { name: `Thanh toán ${formatVnd(quote.total)}` }),
    );
    expect(await screen.findByText('Mua thêm 2 địa chỉ IP thành công.')).toBeVisible();
    expect(purchases()).toHaveLength(1);
    expect(await balance()).toBe(balanceBefore - quote.total);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText('Đang dùng 3/20 địa chỉ IP.')).toBeVisible();

    const [release] = within(table).getAllByRole('button', { name: /^Xoá IP/ });
    const address = (release?.getAttribute('aria-label') ?? '').replace('Xoá IP ', '');
    await user.click(release as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Xoá địa chỉ IP?' });
    // What is left of its month is given up, said as every delete dialog says it.
    const { body: addresses } = await api<{
      items: { address: string; unused_prepaid_amount: number }[];
    }>(sandbox(), token, 'GET', `/cloud/servers/${id}/ips?per_page=100`);
    const released = addresses.items.find((ip) => ip.address === address);
    expect(released?.unused_prepaid_amount).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('unrefunded-note')).toHaveTextContent(
      `Phần đã thanh toán còn lại đến hết 31-03-2025 (khoảng ${formatVnd(released?.unused_prepaid_amount ?? 0)}) sẽ không được hoàn lại.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Xoá IP' }));
    expect(await screen.findByText(`Đã xoá địa chỉ IP ${address}.`)).toBeVisible();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });

  it('buys an address once when the answer was lost and the customer buys again', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    const balance = async () =>
      (await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user')).body.balance;
    const balanceBefore = await balance();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Địa chỉ IP' }));
    const table = await screen.findByRole('table', { name: 'Địa chỉ IP' });

    loseAnswerOf('POST', `/cloud/servers/${id}/ips`);
    const buyConfirmed = async () => {
      await user.click(screen.getByRole('button', { name: 'Mua IP' }));
      const confirm = await screen.findByRole('dialog', { name: 'Xác nhận mua IP' });
      await user.click(within(confirm).getByRole('button', { name: /^Thanh toán / }));
    };
    await buyConfirmed();
    expect(await screen.findByText(/^Không rõ kết quả vì mất kết nối tới hệ thống/)).toBeVisible();
    // The purchase went through: the list read again shows it.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const charged = balanceBefore - (await balance());
    expect(charged).toBeGreaterThan(0);

    // Buying again is the same purchase, answered again rather than made twice.
    await buyConfirmed();
    expect(await screen.findByText('Mua thêm 1 địa chỉ IP thành công.')).toBeVisible();
    const { body: addresses } = await api<{ total: number }>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${id}/ips`,
    );
    expect(addresses.total).toBe(2);
    expect(await balance()).toBe(balanceBefore - charged);

    // A new purchase after that answer gets a key of its own, and buys.
    await buyConfirmed();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(await balance()).toBe(balanceBefore - 2 * charged);
  });

  it('shows the unpaid amount the renewal has once an address it renews is released', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token, { ...SMALL_SERVER, extraIpv4: 1 });
    buildFinished();
    // Late March: April's renewal is issued, the extra address with it.
    await moveSandboxClock(sandbox().app, { hours: 1 });
    const unpaid = async () =>
      (await api<{ unpaid_amount: number }>(sandbox(), token, 'GET', '/auth/user')).body
        .unpaid_amount;
    const before = await unpaid();
    expect(before).toBeGreaterThan(0);
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('link', { name: `Chưa thanh toán: ${formatVnd(before)}` }),
    ).toBeVisible();

    await user.click(await screen.findByRole('tab', { name: 'Địa chỉ IP' }));
    const table = await screen.findByRole('table', { name: 'Địa chỉ IP' });
    await user.click((await within(table).findAllByRole('button', { name: /^Xoá IP/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Xoá địa chỉ IP?' });
    await user.click(within(dialog).getByRole('button', { name: 'Xoá IP' }));

    // The renewal is issued again without the address; the header follows without a reload.
    await waitFor(async () => expect(await unpaid()).toBeLessThan(before));
    const after = await unpaid();
    expect(
      await screen.findByRole('link', { name: `Chưa thanh toán: ${formatVnd(after)}` }),
    ).toBeVisible();
  });

  it('says each server has at most 20 IPs once it has them all', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    const bought = await api(sandbox(), token, 'POST', `/cloud/servers/${id}/ips`, {
      version: 'ipv4',
      quantity: 19,
    });
    expect(bought.status).toBe(201);
    renderPortal(`/cloud-server/${id}/detail`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Địa chỉ IP' }));
    expect(await screen.findByText('Mỗi máy chủ có tối đa 20 IP.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mua IP' })).not.toBeInTheDocument();
  });

  it('turns the weekly auto-snapshot on, changes its hour and turns it off', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('tab', { name: 'Sao lưu tự động' }));
    expect(await screen.findByText('Máy chủ chưa bật sao lưu tự động.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Bật sao lưu tự động' }));
    expect(await screen.findByText('Đã bật sao lưu tự động.')).toBeVisible();
    expect(await screen.findByText('Sao lưu vào Chủ nhật hằng tuần, lúc 02:00')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Giờ' }));
    await user.click(await screen.findByRole('option', { name: '04:00' }));
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByText('Đã cập nhật lịch sao lưu tự động.')).toBeVisible();
    expect(await screen.findByText('Sao lưu vào Chủ nhật hằng tuần, lúc 04:00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Tắt sao lưu tự động' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tắt sao lưu tự động?' });
    await user.click(within(dialog).getByRole('button', { name: 'Tắt sao lưu tự động' }));
    expect(await screen.findByText('Đã tắt sao lưu tự động.')).toBeVisible();
    expect(await screen.findByText('Máy chủ chưa bật sao lưu tự động.')).toBeVisible();
  });

  it('deletes the server after its name is typed, keeping volumes unless asked, and returns to the list', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    buildFinished();
    await attachNewVolume(sandbox(), token, id);
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Thao tác khác' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Xoá máy chủ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá máy chủ web-01' });
    // The choice names what it would delete.
    expect(
      await within(dialog).findByRole('checkbox', { name: /^Xoá cả các volume .*: data-01$/ }),
    ).not.toBeChecked();
    expect(within(dialog).getByText(/Thao tác này cần khoảng 15–30 phút/)).toBeVisible();
    await typeName(dialog, 'web-01');
    await user.click(within(dialog).getByRole('button', { name: 'Xoá máy chủ' }));

    expect(await screen.findByText('Đang xoá máy chủ web-01.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/cloud-server$/),
    );
    const { body } = await api<{ status: string }>(sandbox(), token, 'GET', `/cloud/servers/${id}`);
    expect(body.status).toBe('deleting');
    // It stays in the list, saying so, until the sandbox has deleted it.
    const row = (await screen.findByRole('link', { name: 'web-01' })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Đang xoá')).toBeVisible();
  });

  it('says before deleting what the unused paid period is worth, to its last day, and that it is not refunded', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // Three months from today, with an extra address: its rest is given up with the server.
    const id = await buyServer(sandbox(), token, { ...SMALL_SERVER, interval: 3, extraIpv4: 1 });
    buildFinished();
    const { body: server } = await api<{ expiry: string; unused_prepaid_amount: number }>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${id}`,
    );
    expect(server.unused_prepaid_amount).toBeGreaterThan(0);
    // Paid to 01-06-2025 00:00 (Vietnam), exclusive: 31-05-2025 is the last day paid.
    expect(lastDayPaid(server.expiry)).toBe('31-05-2025');
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Thao tác khác' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Xoá máy chủ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xoá máy chủ web-01' });
    expect(within(dialog).getByTestId('unrefunded-note')).toHaveTextContent(
      `Phần đã thanh toán còn lại đến hết 31-05-2025 (khoảng ${formatVnd(server.unused_prepaid_amount)}) sẽ không được hoàn lại.`,
    );
    // No volume is attached, so there is nothing to choose about volumes.
    await waitFor(() => expect(sandbox().requests).toContain('GET /api/v1/storage/volumes'));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox')).toBeNull());
  });

  it('offers no action on a suspended server, and leads to the invoices to pay', async () => {
    const token = await signInAs(sandbox(), 'expired@example.vn');
    const { body: servers } = await api<{ items: { id: number; name: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/cloud/servers',
    );
    const [trialServer] = servers.items;
    // Its trial bill fell due yesterday; a week later the grace period is over.
    await moveSandboxClock(sandbox().app, { days: 7 });
    const { body: suspended } = await api<{ status: string }>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${trialServer?.id}`,
    );
    expect(suspended.status).toBe('suspended');
    renderPortal(`/cloud-server/${trialServer?.id}/detail`);

    const notice = (
      await screen.findByText('Máy chủ bị tạm ngưng vì hoá đơn quá hạn: thanh toán để dùng lại.')
    ).closest('[role="alert"]') as HTMLElement;
    expect(notice).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Thanh toán hoá đơn' })).toHaveAttribute(
      'href',
      '/billing',
    );
    const actions = screen.getByRole('group', { name: 'Thao tác với máy chủ' });
    expect(within(actions).queryAllByRole('button')).toEqual([]);
  });

  it('shows a blocked account the reasons and disables every action', async () => {
    const token = await signInAs(sandbox(), 'trial@example.vn');
    // The trial account starts with no balance: the gift code pays for the small server.
    await api(sandbox(), token, 'POST', '/billing/apply_coupon', { code: 'NAP100K' });
    const id = await buyServer(sandbox(), token);
    // The trial (five days left) ends; the server is long built by then.
    vi.setSystemTime(new Date(NOW.getTime() + 5 * DAY_MS + HOUR_MS));
    renderPortal(`/cloud-server/${id}/detail`);

    expect(
      await screen.findByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
    ).toBeVisible();
    const actions = screen.getByRole('group', { name: 'Thao tác với máy chủ' });
    const buttons = within(actions).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Tắt máy', 'Thao tác khác']);
    for (const button of buttons) expect(button).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Địa chỉ IP' }));
    expect(await screen.findByRole('button', { name: 'Mua IP' })).toBeDisabled();
  });
});

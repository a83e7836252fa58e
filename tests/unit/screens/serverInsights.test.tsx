// @vitest-environment jsdom
/** A server's reverse DNS names (IP tab) and its metrics tab, against the in-process sandbox. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { SMALL_SERVER } from '../../support/serverChoices';
import { api, buyServer, renderPortal, signInAs } from './portalHarness';

const NOW = new Date('2025-03-26T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));

/** The element that reads `text` whole: the shown name's labels are elements of their own. */
const readingWhole = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text &&
  ![...element.children].some((child) => child.textContent === text);

interface ReverseDns {
  ip_id: number;
  address: string;
  hostname: string;
  default_hostname: string;
  custom: boolean;
}

const reverseDns = async (token: string, id: number) =>
  (await api<{ items: ReverseDns[] }>(sandbox(), token, 'GET', `/cloud/servers/${id}/reverse_dns`))
    .body.items;

async function openIpTab(id: number) {
  renderPortal(`/cloud-server/${id}/detail`);
  await userEvent.click(await screen.findByRole('tab', { name: 'Địa chỉ IP' }));
  return screen.findByRole('table', { name: 'Địa chỉ IP' });
}

describe('reverse DNS in the IP tab', () => {
  it('shows the default name, refuses a bad hostname as it is typed, saves a good one and resets it', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    later(MINUTE_MS);
    const [primary] = await reverseDns(token, id);
    const user = userEvent.setup();
    const table = await openIpTab(id);

    expect(
      await within(table).findByText(
        readingWhole(`Reverse DNS: ${primary!.default_hostname} (mặc định)`),
      ),
    ).toBeVisible();
    await user.click(
      within(table).getByRole('button', { name: `Sửa reverse DNS của ${primary!.address}` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Reverse DNS của ${primary!.address}`,
    });
    const field = within(dialog).getByRole('textbox', { name: 'Tên miền (PTR)' });
    expect(
      within(dialog).getByText(`Ví dụ mail.example.com. Mặc định: ${primary!.default_hostname}`),
    ).toBeVisible();

    await user.type(field, 'localhost');
    expect(
      within(dialog).getByText('Hãy nhập tên miền đầy đủ, ví dụ mail.example.com.'),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    // Refused in the form: nothing was sent.
    expect((await reverseDns(token, id))[0]).toMatchObject({ custom: false });

    await user.clear(field);
    await user.type(field, 'mail-.minhphat.vn');
    expect(
      within(dialog).getByText(
        'Mỗi phần giữa hai dấu chấm không được bắt đầu hay kết thúc bằng dấu gạch ngang.',
      ),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, 'Mail.MinhPhat.vn{Enter}');

    expect(
      await screen.findByText(`Đã cập nhật reverse DNS của ${primary!.address}.`),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await within(table).findByText(readingWhole('Reverse DNS: mail.minhphat.vn')),
    ).toBeVisible();
    expect((await reverseDns(token, id))[0]).toMatchObject({
      hostname: 'mail.minhphat.vn',
      custom: true,
    });

    await user.click(
      within(table).getByRole('button', { name: `Sửa reverse DNS của ${primary!.address}` }),
    );
    const again = await screen.findByRole('dialog', {
      name: `Reverse DNS của ${primary!.address}`,
    });
    expect(within(again).getByRole('textbox', { name: 'Tên miền (PTR)' })).toHaveValue(
      'mail.minhphat.vn',
    );
    await user.click(within(again).getByRole('button', { name: 'Về tên mặc định' }));
    expect(
      await screen.findByText(`Reverse DNS của ${primary!.address} đã về tên mặc định.`),
    ).toBeVisible();
    expect(
      await within(table).findByText(
        readingWhole(`Reverse DNS: ${primary!.default_hostname} (mặc định)`),
      ),
    ).toBeVisible();
    expect((await reverseDns(token, id))[0]).toMatchObject({ custom: false });
  });

  it('copies an address from the IP tab, and the server ID from its heading', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    later(MINUTE_MS);
    const [primary] = await reverseDns(token, id);
    const user = userEvent.setup();
    const table = await openIpTab(id);

    await user.click(
      await within(table).findByRole('button', {
        name: `Sao chép IP ${primary!.address} của web-01`,
      }),
    );
    expect(await navigator.clipboard.readText()).toBe(primary!.address);
    expect(within(table).getByRole('status')).toHaveTextContent('Đã sao chép');

    // …and the server's ID from beside its name.
    await user.click(screen.getByRole('button', { name: 'Sao chép ID của web-01' }));
    expect(await navigator.clipboard.readText()).toBe(String(id));
  });

  it('says in the dialog, once, why the sandbox refused the name', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token, { ...SMALL_SERVER, extraIpv4: 1 });
    later(MINUTE_MS);
    const [, extra] = await reverseDns(token, id);
    const user = userEvent.setup();
    const table = await openIpTab(id);
    await user.click(
      await within(table).findByRole('button', {
        name: `Sửa reverse DNS của ${extra!.address}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Reverse DNS của ${extra!.address}` });
    // Meanwhile the address is released elsewhere (another tab, a colleague).
    const released = await api(
      sandbox(),
      token,
      'DELETE',
      `/cloud/servers/${id}/ips/${extra!.ip_id}`,
    );
    expect(released.status).toBe(200);
    await user.type(within(dialog).getByRole('textbox', { name: 'Tên miền (PTR)' }), 'shop.vn');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Không tìm thấy địa chỉ IP này.')).toBeVisible();
    expect(screen.getAllByText('Không tìm thấy địa chỉ IP này.')).toHaveLength(1);
  });
});

interface Metrics {
  points: { time: string; cpu_percent: number; network_in_bits_per_second: number }[];
}

describe('the metrics tab', () => {
  it('says a new server has no figures yet, then draws them and lists them in a table', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    // Built (20 s), but not a whole minute old.
    later(30_000);
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Giám sát' }));
    expect(
      await screen.findByText(
        'Chưa có số liệu: máy chủ mới được tạo, số liệu đầu tiên có sau vài phút.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('img', { name: /^CPU/ })).not.toBeInTheDocument();

    // A day later the day's figures are there.
    later(26 * HOUR_MS);
    await user.click(screen.getByRole('button', { name: '24 giờ qua' }));
    const cpu = await screen.findByRole('img', { name: /^CPU, 24 giờ qua\. Cao nhất .+%\./ });
    expect(cpu).toBeVisible();
    expect(
      screen.getByRole('img', { name: /^Mạng, 24 giờ qua\. Cao nhất .+bit\/s\./ }),
    ).toBeVisible();
    expect(
      screen.getByRole('img', { name: /^Ổ đĩa, 24 giờ qua\. Cao nhất .+B\/s\./ }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'CPU' })).toBeVisible();
    expect(screen.getByText('Giờ Việt Nam (UTC+7)')).toBeVisible();
    // The value axis is labelled with its unit, the time axis with Vietnam's hours.
    expect(within(cpu.parentElement!.parentElement!).getByText('100%')).toBeInTheDocument();
    expect(within(cpu).getByText('12:00')).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Xem dạng bảng' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Ẩn bảng' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = screen.getByRole('table', { name: 'Giám sát, 24 giờ qua (giờ Việt Nam)' });
    const { body } = await api<Metrics>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${id}/metrics?period=day`,
    );
    expect(body.points).toHaveLength(48);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 48);
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Mạng: Vào' })).toBeVisible();
    const last = body.points[47]!;
    const percent = new Intl.NumberFormat('vi', { style: 'percent', maximumFractionDigits: 1 });
    expect(within(rows[48]!).getByText(percent.format(last.cpu_percent / 100))).toBeVisible();

    // The hour: sixty one-minute rows, the same figures as the API gives.
    await user.click(screen.getByRole('button', { name: '1 giờ qua' }));
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('table', { name: 'Giám sát, 1 giờ qua (giờ Việt Nam)' }),
        ).getAllByRole('row'),
      ).toHaveLength(61),
    );
  });

  it('tells that a stopped server has no load', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    later(MINUTE_MS);
    const off = await api(sandbox(), token, 'POST', `/cloud/servers/${id}/action`, {
      action: 'power_off',
    });
    expect(off.status).toBeLessThan(300);
    later(HOUR_MS);
    renderPortal(`/cloud-server/${id}/detail`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Giám sát' }));
    expect(
      await screen.findByText('Máy chủ không chạy nên không có tải: mọi số liệu bằng 0.'),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: /^CPU, 1 giờ qua\. Cao nhất 0%\./ })).toBeVisible();
  });
});

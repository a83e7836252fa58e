// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import {
  createServerOrder,
  serverProductLines,
  type ServerChoice,
} from '../../../src/domain/serverOrder';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';
import { SERVER_CHOICE } from '../../../server/testing';

/**
 * The clock stands still (mid-month, mid-hour) from before the sandbox starts, so the screen and
 * the sandbox price at the same instant and the demo accounts' dates are relative to it.
 */
const NOW = new Date('2025-03-14T05:20:00.000Z');

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

const BASE_CHOICE: ServerChoice = { ...SERVER_CHOICE, interval: 12 };

async function sandboxTotal(token: string, choice: ServerChoice): Promise<string> {
  const { status, body } = await api<{ total: number }>(
    sandbox(),
    token,
    'POST',
    '/billing/calculation',
    {
      action: 'create_server',
      products: serverProductLines(choice),
      interval_count: choice.interval,
    },
  );
  expect(status).toBe(200);
  return formatVnd(body.total);
}

async function replaceNumber(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  value: string,
) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

async function expectTotal(total: () => HTMLElement, expected: string) {
  await waitFor(() => expect(total()).toHaveTextContent(expected));
}

describe('the create-server form', () => {
  it('prices the choice as the sandbox does, follows every change, and places the order at that price', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // As the register-with-redirect journey leaves the browser (spec §3, §4 b).
    localStorage.setItem('cpu', '2');
    localStorage.setItem('ram', '4');
    localStorage.setItem('disk', '40');
    localStorage.setItem('interval', '12');
    renderPortal('/cloud-server/create?cpu=2&ram=4&disk=40&interval=12');
    const user = userEvent.setup();

    // The summary is redrawn (and briefly replaced while a number is being retyped): read it anew.
    const total = () => screen.getByTestId('price-total');
    await screen.findByTestId('price-total');
    expect(screen.getByLabelText('CPU (core)')).toHaveValue(2);
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue(4);
    expect(screen.getByLabelText('Ổ đĩa gốc (GB)')).toHaveValue(40);
    expect(screen.getByRole('button', { name: '12 tháng' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(total()).toHaveTextContent(await sandboxTotal(token, BASE_CHOICE));

    let choice: ServerChoice = { ...BASE_CHOICE, cpu: 4 };
    await replaceNumber(user, 'CPU (core)', '4');
    await expectTotal(total, await sandboxTotal(token, choice));

    choice = { ...choice, ram: 8, disk: 80 };
    await replaceNumber(user, 'RAM (GB)', '8');
    await replaceNumber(user, 'Ổ đĩa gốc (GB)', '80');
    await expectTotal(total, await sandboxTotal(token, choice));

    choice = { ...choice, interval: 3 };
    await user.click(screen.getByRole('button', { name: '3 tháng' }));
    await expectTotal(total, await sandboxTotal(token, choice));

    choice = { ...choice, extraIpv4: 2 };
    await replaceNumber(user, 'Số IPv4 bổ sung', '2');
    await expectTotal(total, await sandboxTotal(token, choice));

    choice = { ...choice, ipv6: true };
    await user.click(screen.getByLabelText('Thêm một địa chỉ IPv6'));
    const expected = await sandboxTotal(token, choice);
    await expectTotal(total, expected);

    // Priced in the browser: the summary asked the API for the products only.
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/calculation');

    await user.type(screen.getByLabelText('Tên máy chủ'), 'web-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));

    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location).toHaveTextContent(/^\/order\/create\?id=\d+$/));
    const orderId = (location.textContent ?? '').split('=')[1];
    const { body: order } = await api<{ amount: number; status: string }>(
      sandbox(),
      token,
      'GET',
      `/billing/orders/${orderId}`,
    );
    expect(formatVnd(order.amount)).toBe(expected);
    expect(order.status).toBe('pending');
    expect(await screen.findByTestId('order-total')).toHaveTextContent(expected);
    expect(screen.getByText('Chờ thanh toán')).toBeVisible();
    // The order exists: the stored choice and pending order are no longer needed.
    expect(localStorage.getItem('pending_order')).toBeNull();
    for (const key of ['cpu', 'ram', 'disk', 'interval'])
      expect(localStorage.getItem(key)).toBeNull();
  });

  it('holds the order back until the prices are known', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create');

    // The form is drawn before the prices arrive: no order is placed without its price.
    const submit = await screen.findByRole('button', { name: 'Đặt hàng' });
    expect(screen.queryByTestId('price-total')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
    await screen.findByTestId('price-total');
    expect(submit).toBeEnabled();
  });

  it('keeps what was typed and shows the message when the name is taken (409)', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // A pending order holds its name.
    const placed = await api(sandbox(), token, 'POST', '/billing/orders', {
      ...createServerOrder({ ...BASE_CHOICE, name: 'taken-01' }),
    });
    expect(placed.status).toBe(201);
    localStorage.setItem('cpu', '2');
    localStorage.setItem('ram', '4');
    localStorage.setItem('disk', '40');

    renderPortal('/cloud-server/create?cpu=2&ram=4&disk=40');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    await user.type(screen.getByLabelText('Tên máy chủ'), 'taken-01');
    await replaceNumber(user, 'Số IPv4 bổ sung', '1');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));

    const alert = await screen.findByText('Tên máy chủ hoặc tên key đã tồn tại.', {
      selector: '.MuiAlert-message',
    });
    expect(alert).toBeVisible();
    expect(screen.getByLabelText('Tên máy chủ')).toHaveValue('taken-01');
    expect(screen.getByLabelText('CPU (core)')).toHaveValue(2);
    expect(screen.getByLabelText('Số IPv4 bổ sung')).toHaveValue(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/cloud-server/create');
    // The failed order is kept for later, and so is the choice it came from.
    expect(JSON.parse(localStorage.getItem('pending_order') ?? '{}')).toMatchObject({
      type: 'create_server',
      data: { name: 'taken-01', ipv4: { quantity: 1 } },
    });
    expect(localStorage.getItem('cpu')).toBe('2');
    expect(screen.getByRole('button', { name: 'Đặt hàng' })).toBeEnabled();
  });

  it('keeps what was typed when the customer switches the language with the header’s flags', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    await user.type(screen.getByLabelText('Tên máy chủ'), 'may-chu-thu');
    await replaceNumber(user, 'Số IPv4 bổ sung', '2');
    await user.click(screen.getByRole('button', { name: '3 tháng' }));

    await user.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByLabelText('Server name')).toHaveValue('may-chu-thu');
    expect(screen.getByLabelText('Extra IPv4 addresses')).toHaveValue(2);
    expect(screen.getByRole('button', { name: '3 months' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByText('Tên máy chủ')).not.toBeInTheDocument();
  });

  it('when the order’s answer is lost, finds the order the sandbox placed and opens it, never placing a second', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const realFetch = globalThis.fetch;
    // The request reaches the sandbox (the order really is placed), then the answer is lost.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await realFetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (method === 'POST' && url.pathname === '/api/v1/billing/orders') {
        throw new TypeError('Failed to fetch');
      }
      return answer;
    });

    renderPortal('/cloud-server/create?cpu=2&ram=4&disk=40');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    await user.type(screen.getByLabelText('Tên máy chủ'), 'lost-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));

    const pending = await api<{ items: { id: number; info: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/orders?status=pending',
    );
    expect(pending.body.items).toHaveLength(1);
    const [placed] = pending.body.items;
    expect(placed?.info).toMatch(/^lost-01:/);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/order/create?id=${placed?.id}`),
    );
    expect(screen.queryByText('Đã có lỗi xảy ra, vui lòng thử lại.')).not.toBeInTheDocument();
  });

  it('refuses a name outside 3–32 characters with the help text’s own range', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    expect(
      screen.getByText(
        'Chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 3 đến 32 ký tự.',
      ),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Tên máy chủ'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    expect(
      await screen.findByText(
        'Tên máy chủ chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 3 đến 32 ký tự.',
      ),
    ).toBeVisible();
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/orders');
  });

  it('asks for its products exactly as spec §7 writes the calls (by name, category=wanip and category=extra)', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    // The harness records paths only; the query is read from the URLs the portal fetches.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderPortal('/cloud-server/create');
    await screen.findByTestId('price-total');

    const productCalls = fetchSpy.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.pathname === '/api/v1/billing/products')
      .map((url) => url.search)
      .sort();
    expect(productCalls).toEqual(
      [
        '?name=CPU&per_page=9999',
        '?name=RAM&per_page=9999',
        '?name=DISK+SSD&per_page=9999',
        '?name=DISK+HDD&per_page=9999',
        '?category=wanip&per_page=9999',
        // The extras (image licences), 999 to a page as spec §9 says.
        '?category=extra&per_page=999',
      ].sort(),
    );
  });

  it('shows a blocked account why it may not order, and does not let it submit', async () => {
    await signInAs(sandbox(), 'expired@example.vn');
    renderPortal('/cloud-server/create');
    // The trial's bill is its only overdue invoice: the notice names the trial alone.
    const alert = await screen.findByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.');
    expect(alert).toBeVisible();
    await screen.findByTestId('price-total');
    expect(screen.getByRole('button', { name: 'Đặt hàng' })).toBeDisabled();
  });

  it('starts from a plan’s configuration on /cloud-server/plan/{id}', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/plan/2?interval=6');
    expect(
      await screen.findByRole('heading', { name: 'Tạo máy chủ – gói VPS Basic' }),
    ).toBeVisible();
    await screen.findByTestId('price-total');
    expect(screen.getByLabelText('CPU (core)')).toHaveValue(2);
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue(4);
    expect(screen.getByLabelText('Ổ đĩa gốc (GB)')).toHaveValue(40);
    expect(screen.getByRole('button', { name: '6 tháng' })).toHaveAttribute('aria-pressed', 'true');
    const summary = screen.getByRole('region', { name: 'Chi phí dự kiến' });
    expect(within(summary).getByText('CPU: 2 core')).toBeVisible();
  });
});

describe('choosing a licensed image (Windows Server 2022)', () => {
  interface Image {
    name: string;
    min_disk: number;
    license_product_id: number | null;
  }

  it('raises the disk to 40 GB and says why, offers the password only, and prices the licence at once', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // A key of the account, so the form starts by offering SSH-key sign-in.
    expect(
      (await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name: 'laptop' })).status,
    ).toBe(201);
    const { body: images } = await api<{ items: Image[] }>(
      sandbox(),
      token,
      'GET',
      '/catalog/images',
    );
    const windows = images.items.find((image) => image.name === 'Windows Server 2022') as Image;
    renderPortal('/cloud-server/create');
    const user = userEvent.setup();
    const total = () => screen.getByTestId('price-total');
    await screen.findByTestId('price-total');
    const disk = () => screen.getByLabelText('Ổ đĩa gốc (GB)');
    expect(disk()).toHaveValue(10);
    expect(screen.getByRole('radio', { name: 'Dùng SSH key' })).toBeChecked();
    const ubuntuSmall: ServerChoice = {
      ...SERVER_CHOICE,
      cpu: 1,
      ram: 1,
      disk: 10,
      keyName: 'laptop',
    };
    await expectTotal(total, await sandboxTotal(token, ubuntuSmall));

    await user.click(screen.getByRole('combobox', { name: 'Hệ điều hành' }));
    await user.click(await screen.findByRole('option', { name: windows.name }));

    // The image's minimum at once, said why; the licence is in the price and its line.
    await waitFor(() => expect(disk()).toHaveValue(windows.min_disk));
    expect(screen.getByTestId('disk-raised')).toHaveTextContent(
      `Ổ đĩa gốc đã được nâng lên ${windows.min_disk} GB, mức tối thiểu của ${windows.name}.`,
    );
    const windowsChoice: ServerChoice = {
      ...ubuntuSmall,
      os: windows.name,
      disk: windows.min_disk,
      keyName: null,
      licenseProductId: windows.license_product_id,
    };
    await expectTotal(total, await sandboxTotal(token, windowsChoice));
    const summary = screen.getByRole('region', { name: 'Chi phí dự kiến' });
    expect(within(summary).getByText(`Bản quyền ${windows.name}`)).toBeVisible();
    expect(screen.getByTestId('license-note')).toHaveTextContent(
      `Hệ điều hành ${windows.name} có phí bản quyền`,
    );
    // Password sign-in only, and why.
    expect(screen.queryByRole('radio', { name: 'Dùng SSH key' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tạo mật khẩu tự động' })).toBeChecked();
    expect(screen.getByTestId('password-only')).toHaveTextContent(
      `${windows.name} chỉ đăng nhập bằng mật khẩu, không dùng được SSH key.`,
    );
    expect(screen.queryByLabelText('SSH key')).not.toBeInTheDocument();

    // A disk below the image's minimum is marked as it is typed, naming the minimum.
    await replaceNumber(user, 'Ổ đĩa gốc (GB)', '30');
    expect(
      await screen.findByText(`Hệ điều hành này cần ổ đĩa gốc tối thiểu ${windows.min_disk} GB.`),
    ).toBeVisible();
    expect(disk()).toHaveAttribute('aria-invalid', 'true');
    await replaceNumber(user, 'Ổ đĩa gốc (GB)', String(windows.min_disk));
    await waitFor(() => expect(disk()).toHaveAttribute('aria-invalid', 'false'));

    // Back to Linux: the larger disk stays, SSH keys are offered again, the licence goes.
    await user.click(screen.getByRole('combobox', { name: 'Hệ điều hành' }));
    await user.click(await screen.findByRole('option', { name: 'Ubuntu 22.04' }));
    expect(await screen.findByRole('radio', { name: 'Dùng SSH key' })).toBeEnabled();
    expect(disk()).toHaveValue(windows.min_disk);
    expect(screen.queryByTestId('disk-raised')).not.toBeInTheDocument();
    await expectTotal(
      total,
      await sandboxTotal(token, { ...ubuntuSmall, disk: windows.min_disk, keyName: null }),
    );
    expect(within(summary).queryByText(`Bản quyền ${windows.name}`)).not.toBeInTheDocument();
  });
});

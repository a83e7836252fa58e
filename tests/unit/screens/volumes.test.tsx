// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, buyServer, renderPortal, signInAs } from './portalHarness';

/** Mid-month and mid-hour: the screen and the sandbox price at the same instant. */
const NOW = new Date('2025-03-14T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

/** Lets the sandbox's clock run past a build or a volume's task. */
function tasksFinished() {
  vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
}

interface Product {
  id: number;
  code: string;
}

/** What the sandbox charges for a new volume: `POST /billing/calculation` (create_volume). */
async function sandboxTotal(
  token: string,
  choice: { size: number; type: 'SSD' | 'HDD'; interval: number },
): Promise<string> {
  const { body: products } = await api<{ products: Product[] }>(
    sandbox(),
    token,
    'GET',
    `/billing/products?name=${encodeURIComponent(`DISK ${choice.type}`)}&per_page=9999`,
  );
  const [product] = products.products;
  const { status, body } = await api<{ total: number }>(
    sandbox(),
    token,
    'POST',
    '/billing/calculation',
    {
      action: 'create_volume',
      products: [{ id_or_name: product?.id, quantity: choice.size }],
      interval_count: choice.interval,
    },
  );
  expect(status).toBe(200);
  return formatVnd(body.total);
}

async function createVolume(token: string, body: Record<string, unknown>) {
  const { status, body: charge } = await api<{ volume: { id: number } }>(
    sandbox(),
    token,
    'POST',
    '/storage/volumes',
    { size: 20, type: 'SSD', ...body },
  );
  if (status !== 201) throw new Error(`creating the volume failed: ${JSON.stringify(charge)}`);
  return charge.volume.id;
}

/** Pays the order on its page once the preview has enabled the button. */
async function payOrder(user: ReturnType<typeof userEvent.setup>) {
  const pay = await screen.findByRole('button', { name: /^Thanh toán [\d.]+ ₫$/ });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
}

async function replaceNumber(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  value: string,
) {
  await user.clear(input);
  await user.type(input, value);
}

describe('the create-volume form', () => {
  it('prices the volume as the sandbox does, follows every change, and places the order at that price', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/volume/create');
    const user = userEvent.setup();
    const total = () => screen.getByTestId('price-total');
    await screen.findByTestId('price-total');
    expect(total()).toHaveTextContent(
      await sandboxTotal(token, { size: 20, type: 'SSD', interval: 1 }),
    );

    await replaceNumber(user, screen.getByLabelText('Dung lượng (GB)'), '150');
    await waitFor(async () =>
      expect(total()).toHaveTextContent(
        await sandboxTotal(token, { size: 150, type: 'SSD', interval: 1 }),
      ),
    );
    await user.click(screen.getByLabelText('HDD'));
    // The period is the same row of buttons as on the server form.
    await user.click(screen.getByRole('button', { name: '6 tháng' }));
    expect(screen.getByRole('button', { name: '6 tháng' })).toHaveAttribute('aria-pressed', 'true');
    const expected = await sandboxTotal(token, { size: 150, type: 'HDD', interval: 6 });
    await waitFor(() => expect(total()).toHaveTextContent(expected));
    // Priced in the browser from the products asked for by name (spec §7).
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/calculation');
    expect(sandbox().requests).toContain('GET /api/v1/billing/products');

    // A bad name is refused with the rule, and nothing is sent.
    const name = screen.getByLabelText('Tên volume');
    await user.type(name, 'abc');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    expect(
      await screen.findByText(
        'Tên chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 5 đến 32 ký tự.',
      ),
    ).toBeVisible();
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/orders');

    await replaceNumber(user, name, 'data-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location).toHaveTextContent(/^\/order\/create\?id=\d+$/));
    const orderId = (location.textContent ?? '').split('=')[1];
    const { body: order } = await api<{ amount: number; type: string; interval_count: number }>(
      sandbox(),
      token,
      'GET',
      `/billing/orders/${orderId}`,
    );
    expect(order).toMatchObject({ type: 'create_volume', interval_count: 6 });
    expect(formatVnd(order.amount)).toBe(expected);
    expect(await screen.findByTestId('order-total')).toHaveTextContent(expected);

    // Paying it from the balance opens the new volume.
    await payOrder(user);
    await waitFor(() => expect(location).toHaveTextContent(/^\/volume\/\d+\/detail$/));
    expect(await screen.findByRole('heading', { name: 'data-01' })).toBeVisible();
  });

  it('keeps what was typed and shows the message under the name when it is taken (409)', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await createVolume(token, { name: 'taken-01' });
    renderPortal('/volume/create');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    await user.type(screen.getByLabelText('Tên volume'), 'taken-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    expect(await screen.findAllByText('Tên volume taken-01 đã tồn tại.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Tên volume')).toHaveValue('taken-01');
    expect(screen.getByTestId('location')).toHaveTextContent('/volume/create');
  });

  it('attaches to a running server chosen in the form, created in its datacenter', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const serverId = await buyServer(sandbox(), token);
    tasksFinished();
    renderPortal(`/volume/create?server_id=${serverId}`);
    const user = userEvent.setup();
    await screen.findByTestId('price-total');
    // Preselected by the server page's link; no datacenter to choose then.
    expect(screen.getByRole('combobox', { name: /^Máy chủ/ })).toHaveTextContent('web-01 (HN)');
    expect(screen.queryByLabelText('Trung tâm dữ liệu')).toBeNull();
    await user.type(screen.getByLabelText('Tên volume'), 'data-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location).toHaveTextContent(/^\/order\/create\?id=\d+$/));
    await payOrder(user);
    await waitFor(() => expect(location).toHaveTextContent(/^\/volume\/\d+\/detail$/));
    expect(await screen.findByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      `/cloud-server/${serverId}/detail`,
    );
  });

  it('shows a blocked customer why, and does not let them order', async () => {
    await signInAs(sandbox(), 'expired@example.vn');
    renderPortal('/volume/create');
    // The trial's bill is its only overdue invoice: the notice names the trial alone.
    expect(
      await screen.findByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Đặt hàng' })).toBeDisabled();
  });
});

describe('the volume list', () => {
  it('leads a customer without volumes to create one', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/volume');
    expect(await screen.findByText('Bạn chưa có volume nào')).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Tạo volume' });
    expect(links.some((link) => link.getAttribute('href') === '/volume/create')).toBe(true);
  });

  it('shows each volume with its server, status and dates, names as text', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const serverId = await buyServer(sandbox(), token);
    tasksFinished();
    await createVolume(token, { name: 'data-01', size: 50, server_id: serverId });
    await createVolume(token, { name: '_b_-x-', type: 'HDD' });
    tasksFinished();
    renderPortal('/volume');
    const row = (await screen.findByRole('link', { name: 'data-01' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('50 GB')).toBeVisible();
    expect(within(row).getByText('SSD')).toBeVisible();
    expect(within(row).getByText('Đang sử dụng')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      `/cloud-server/${serverId}/detail`,
    );
    // The datacenter by its name, as everywhere else, never its code.
    expect(await within(row).findByText('Hà Nội')).toBeVisible();
    expect(within(row).queryByText('HN')).toBeNull();
    expect(within(row).getByText('14-03-2025')).toBeVisible();
    // Paid to the end of March, Vietnam time: the expiry, 01-04-2025 00:00, is not a day paid.
    expect(within(row).getByText('đến hết 31-03-2025')).toBeVisible();
    expect(within(row).queryByText(/01-04-2025/)).toBeNull();
    const other = (await screen.findByRole('link', { name: '_b_-x-' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(other).getByText('Chưa gắn')).toBeVisible();
  });
});

describe('the volume page', () => {
  it('names its datacenter, never showing the code while the names load', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await createVolume(token, { name: 'data-01', size: 40 });
    tasksFinished();
    renderPortal(`/volume/${id}/detail`);

    await screen.findByRole('button', { name: 'Mở rộng' });
    const datacenter = screen.getByText('Trung tâm dữ liệu').nextElementSibling as HTMLElement;
    expect(datacenter).not.toHaveTextContent(/^HN$/);
    await waitFor(() => expect(datacenter).toHaveTextContent(/^Hà Nội$/));
    // Paid for the rest of March: its last day, not the expiry's (01-04-2025 00:00).
    const paid = screen.getByText('Hạn sử dụng').nextElementSibling as HTMLElement;
    expect(paid).toHaveTextContent(/^đến hết 31-03-2025$/);
  });

  it('extends a volume, refusing a smaller size with the message, at the sandbox price', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await createVolume(token, { name: 'data-01', size: 40 });
    tasksFinished();
    renderPortal(`/volume/${id}/detail`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mở rộng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mở rộng volume data-01' });
    const size = within(dialog).getByLabelText('Dung lượng mới (GB)');
    await replaceNumber(user, size, '30');
    expect(
      within(dialog).getByText('Dung lượng mới phải lớn hơn dung lượng hiện tại (không thể giảm).'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Mở rộng' })).toBeDisabled();

    await replaceNumber(user, size, '100');
    const { body: products } = await api<{ products: Product[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/products?name=DISK%20SSD&per_page=9999',
    );
    const { body: price } = await api<{ total: number }>(
      sandbox(),
      token,
      'POST',
      '/billing/calculation',
      {
        action: 'extend_volume',
        reference_id: id,
        products: [{ id_or_name: products.products[0]?.id, quantity: 100 }],
      },
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('first-payment')).toHaveTextContent(formatVnd(price.total)),
    );
    const before = (await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user')).body;
    await user.click(within(dialog).getByRole('button', { name: 'Mở rộng' }));
    // Accepted, not done: the success toast waits for the volume to finish extending.
    expect(
      await screen.findByText('Đang mở rộng volume data-01 lên 100 GB. Bạn sẽ được báo khi xong.'),
    ).toBeVisible();
    expect(screen.queryByText('Đã mở rộng volume data-01 lên 100 GB.')).not.toBeInTheDocument();
    tasksFinished();
    expect(await screen.findByText('Đã mở rộng volume data-01 lên 100 GB.')).toBeVisible();
    const after = (await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user')).body;
    expect(before.balance - after.balance).toBe(price.total);
    await waitFor(() => expect(screen.getByText('100 GB')).toBeVisible());
  });

  it('attaches to a server of its datacenter, detaches, and deletes it once the name is typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    tasksFinished();
    const id = await createVolume(token, { name: 'data-01' });
    tasksFinished();
    renderPortal(`/volume/${id}/detail`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Gắn vào máy chủ' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Máy chủ'));
    await user.click(await screen.findByRole('option', { name: 'web-01' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gắn vào máy chủ' }));
    expect(
      await screen.findByText(
        'Đang gắn volume data-01 vào máy chủ web-01. Bạn sẽ được báo khi xong.',
      ),
    ).toBeVisible();
    tasksFinished();
    expect(await screen.findByText('Đã gắn volume data-01 vào máy chủ web-01.')).toBeVisible();
    // Attached: it can be detached, not deleted.
    const detach = await screen.findByRole(
      'button',
      { name: 'Tháo khỏi máy chủ' },
      { timeout: 20000 },
    );
    expect(screen.getByRole('button', { name: 'Xoá' })).toBeDisabled();

    await user.click(detach);
    dialog = await screen.findByRole('dialog', {
      name: 'Tháo volume data-01 khỏi máy chủ web-01?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Tháo khỏi máy chủ' }));
    expect(
      await screen.findByText('Đang tháo volume data-01 khỏi máy chủ. Bạn sẽ được báo khi xong.'),
    ).toBeVisible();
    tasksFinished();
    expect(await screen.findByText('Đã tháo volume data-01 khỏi máy chủ.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Xoá' })).toBeEnabled(), {
      timeout: 20000,
    });

    await user.click(screen.getByRole('button', { name: 'Xoá' }));
    dialog = await screen.findByRole('dialog', { name: 'Xoá volume data-01?' });
    // Paid to the end of March: what is left of it is given up, with its amount and last day.
    const { body: paid } = await api<{ expiry: string; unused_prepaid_amount: number }>(
      sandbox(),
      token,
      'GET',
      `/storage/volumes/${id}`,
    );
    expect(paid.unused_prepaid_amount).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('unrefunded-note')).toHaveTextContent(
      `Phần đã thanh toán còn lại đến hết 31-03-2025 (khoảng ${formatVnd(paid.unused_prepaid_amount)}) sẽ không được hoàn lại.`,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Xoá' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Nhập tên volume "data-01" để xác nhận'),
      'data-01',
    );
    await user.click(confirm);
    expect(await screen.findByText('Đã xoá volume data-01.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/volume$/));
    const { status } = await api(sandbox(), token, 'GET', `/storage/volumes/${id}`);
    expect(status).toBe(404);
  });
});

describe('a suspended volume', () => {
  it('offers no action and leads to the invoices to pay', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // Without auto-pay, the renewal due on 01-04-2025 stays unpaid.
    const off = await api(sandbox(), token, 'PATCH', '/account/profile', {
      auto_pay_renewals: false,
    });
    expect(off.status).toBe(200);
    const id = await createVolume(token, { name: 'data-01' });
    tasksFinished();
    // A week past the due date, the grace period is over.
    const moved = await sandbox().app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advance: { days: 26 } },
    });
    expect(moved.statusCode).toBe(200);
    const { body } = await api<{ status: string }>(
      sandbox(),
      token,
      'GET',
      `/storage/volumes/${id}`,
    );
    expect(body.status).toBe('suspended');
    renderPortal(`/volume/${id}/detail`);

    const notice = (
      await screen.findByText('Volume bị tạm ngưng vì hoá đơn quá hạn: thanh toán để dùng lại.')
    ).closest('[role="alert"]') as HTMLElement;
    expect(notice).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Thanh toán hoá đơn' })).toHaveAttribute(
      'href',
      '/billing',
    );
    const actions = screen.getByRole('group', { name: 'Thao tác với volume' });
    expect(within(actions).queryAllByRole('button')).toEqual([]);
  });
});

describe('the server page', () => {
  it('lists the volumes attached to the server and links to attach one', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const serverId = await buyServer(sandbox(), token);
    tasksFinished();
    await createVolume(token, { name: 'data-01', server_id: serverId });
    await createVolume(token, { name: 'loose-01' });
    renderPortal(`/cloud-server/${serverId}/detail`);
    const section = (await screen.findByRole('heading', { name: 'Volume đã gắn' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findByRole('link', { name: 'data-01' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/volume\/\d+\/detail$/),
    );
    expect(within(section).queryByText('loose-01')).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'Tạo volume gắn vào máy chủ này' }),
    ).toHaveAttribute('href', `/volume/create?server_id=${serverId}`);
    expect(within(section).getByRole('link', { name: 'Gắn volume có sẵn' })).toBeVisible();
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';
import { describe, expect, it, vi } from 'vitest';

import { validateServerPassword } from '../../../src/domain/serverRules';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, buyServer, renderPortal, signInAs } from './portalHarness';

const NOW = new Date('2025-03-14T05:20:00.000Z');
const MINUTE_MS = 60 * 1000;

pinDateInEachTest(NOW);

const sandbox = sandboxPerTest();

async function replaceNumber(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  value: string,
) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

async function addKeys(token: string, names: string[]) {
  for (const name of names) {
    expect((await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name })).status).toBe(201);
  }
}

describe('the create form guides the customer', () => {
  it('shows each field’s allowed range and marks a value outside it as it is typed, keeping it', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');

    // The ranges, from the shared limits, beside each number.
    expect(screen.getByText('Từ 1 đến 64 core')).toBeVisible();
    expect(screen.getByText('Từ 1 đến 256 GB')).toBeVisible();
    expect(screen.getByText('Từ 10 đến 2000 GB')).toBeVisible();
    expect(
      screen.getByText('Từ 0 đến 19 IP bổ sung (mỗi máy chủ tối đa 20 IP, tính cả IP chính)'),
    ).toBeVisible();

    // Nothing is submitted: each value is marked while it is typed.
    await replaceNumber(user, 'CPU (core)', '0');
    await waitFor(() =>
      expect(screen.getByLabelText('CPU (core)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Vui lòng nhập số nguyên từ 1 đến 64.')).toBeVisible();
    await replaceNumber(user, 'RAM (GB)', '1000');
    expect(await screen.findByText('Vui lòng nhập số nguyên từ 1 đến 256.')).toBeVisible();
    await replaceNumber(user, 'Ổ đĩa gốc (GB)', '5');
    expect(await screen.findByText('Vui lòng nhập số nguyên từ 10 đến 2000.')).toBeVisible();
    await replaceNumber(user, 'Số IPv4 bổ sung', '25');
    expect(await screen.findByText('Vui lòng nhập số nguyên từ 0 đến 19.')).toBeVisible();
    await user.type(screen.getByLabelText('Tên máy chủ'), 'my server!');
    expect(
      await screen.findByText(
        'Tên máy chủ chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 3 đến 32 ký tự.',
      ),
    ).toBeVisible();

    // What was typed stays, and no order was placed.
    expect(screen.getByLabelText('CPU (core)')).toHaveValue(0);
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue(1000);
    expect(screen.getByLabelText('Ổ đĩa gốc (GB)')).toHaveValue(5);
    expect(screen.getByLabelText('Số IPv4 bổ sung')).toHaveValue(25);
    expect(screen.getByLabelText('Tên máy chủ')).toHaveValue('my server!');
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/orders');

    // Choosing IPv6 takes one address from the range, and the mark follows at once.
    await replaceNumber(user, 'Số IPv4 bổ sung', '19');
    await waitFor(() =>
      expect(screen.getByLabelText('Số IPv4 bổ sung')).toHaveAttribute('aria-invalid', 'false'),
    );
    await user.click(screen.getByLabelText('Thêm một địa chỉ IPv6'));
    expect(await screen.findByText('Vui lòng nhập số nguyên từ 0 đến 18.')).toBeVisible();
  });

  it('says what it corrected in a link with values it cannot take', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create?cpu=999&ram=abc&disk=-5');
    await screen.findByTestId('price-total');

    const alert = screen.getByTestId('query-corrections');
    expect(alert).toHaveTextContent('Đường dẫn có giá trị không hợp lệ, chúng tôi đã sửa lại:');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['CPU: "999" → 64 core', 'RAM: "abc" → 1 GB', 'Ổ đĩa gốc: "-5" → 10 GB']);
    expect(screen.getByLabelText('CPU (core)')).toHaveValue(64);
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue(1);
    expect(screen.getByLabelText('Ổ đĩa gốc (GB)')).toHaveValue(10);
  });

  it('says nothing about a link whose values are all right', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/cloud-server/create?cpu=2&ram=4&disk=40');
    await screen.findByTestId('price-total');
    expect(screen.queryByTestId('query-corrections')).not.toBeInTheDocument();
  });
});

describe('SSH keys on the create form', () => {
  it('chooses no key for a customer with two, and installs the several keys chosen', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await addKeys(token, ['laptop', 'desk']);
    renderPortal('/cloud-server/create?cpu=2&ram=4&disk=40');
    const user = userEvent.setup();
    await screen.findByTestId('price-total');

    const laptop = screen.getByRole('checkbox', { name: 'laptop' });
    const desk = screen.getByRole('checkbox', { name: 'desk' });
    expect(laptop).not.toBeChecked();
    expect(desk).not.toBeChecked();

    await user.type(screen.getByLabelText('Tên máy chủ'), 'keys-01');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    expect(
      await screen.findByText('Vui lòng chọn ít nhất một SSH key, hoặc đăng nhập bằng mật khẩu.'),
    ).toBeVisible();
    expect(sandbox().requests).not.toContain('POST /api/v1/billing/orders');

    await user.click(desk);
    await user.click(laptop);
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location).toHaveTextContent(/^\/order\/create\?id=\d+$/));
    const orderId = (location.textContent ?? '').split('=')[1];
    const paid = await api<{ order: { resource_id: number } }>(
      sandbox(),
      token,
      'POST',
      `/billing/orders/${orderId}/pay`,
      {},
    );
    expect(paid.status).toBe(200);
    const { body: server } = await api<{ key_name: string; key_names: string[] }>(
      sandbox(),
      token,
      'GET',
      `/cloud/servers/${paid.body.order.resource_id}`,
    );
    expect(server.key_name).toBe('desk');
    expect(server.key_names).toEqual(['desk', 'laptop']);
  });

  it('chooses the customer’s only key for them', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await addKeys(token, ['laptop']);
    renderPortal('/cloud-server/create');
    await screen.findByTestId('price-total');
    expect(screen.getByRole('radio', { name: 'Dùng SSH key' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'laptop' })).toBeChecked();
  });
});

describe('the reset-password dialog', () => {
  it('generates a strong password, shows it on request, and the sandbox takes it', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const id = await buyServer(sandbox(), token);
    vi.setSystemTime(new Date(Date.now() + MINUTE_MS));
    renderPortal(`/cloud-server/${id}/detail`);
    const user = userEvent.setup();

    const actions = await screen.findByRole('group', { name: 'Thao tác với máy chủ' });
    await user.click(within(actions).getByRole('button', { name: 'Thao tác khác' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Đặt lại mật khẩu' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Đặt lại mật khẩu quản trị của web-01',
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Tự đặt mật khẩu mới' }));
    const field = within(dialog).getByLabelText('Mật khẩu mới');
    const show = within(dialog).getByRole('button', { name: 'Hiện mật khẩu' });
    expect(field).toHaveAttribute('type', 'password');
    expect(show).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(dialog).getByRole('button', { name: 'Tạo mật khẩu mạnh' }));
    const generated = (field as HTMLInputElement).value;
    expect(validateServerPassword(generated)).toBeUndefined();
    // Shown, so it can be copied before confirming.
    expect(field).toHaveAttribute('type', 'text');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    await user.click(show);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveValue(generated);

    await user.click(within(dialog).getByRole('button', { name: 'Đặt lại mật khẩu' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sandbox().requests).toContain(`POST /api/v1/cloud/servers/${id}/reset_password`);
  });
});

describe('adding a public key already on the account', () => {
  it('is refused on the field, naming the key it already is', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const pair = generateKeyPairSync('ed25519');
    const line = sshpk
      .parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem')
      .toString('ssh');
    expect(
      (await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name: 'laptop', public_key: line }))
        .status,
    ).toBe(201);
    renderPortal('/ssh-keys/create');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Tên khoá'), 'desk');
    const field = screen.getByLabelText('Khoá công khai (public key)');
    await user.click(field);
    await user.paste(`${line} me@desk`);
    await user.click(screen.getByRole('button', { name: 'Thêm SSH key' }));

    expect(
      await screen.findByText('Khoá công khai này đã có trong tài khoản với tên laptop.', {
        selector: '.MuiFormHelperText-root *, .MuiFormHelperText-root',
      }),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(`${line} me@desk`);
  });
});

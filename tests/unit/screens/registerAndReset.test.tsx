// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { PORTAL_ORIGIN, sandboxPerTest } from '../../support/sandbox';

const sandbox = sandboxPerTest();

async function fillRegistration(values: { email: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email *'), values.email);
  await user.type(screen.getByLabelText('Mật khẩu *'), values.password);
  await user.type(screen.getByLabelText('Nhập lại mật khẩu *'), values.confirm);
  await user.type(screen.getByLabelText('Họ và tên *'), 'Trần Thị Mới');
  await user.type(screen.getByLabelText('Số điện thoại *'), '0912345678');
  await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
  return user;
}

describe('registration', () => {
  it('refuses a confirmation that differs, with the message of the specification', async () => {
    renderPublicPage('/register');
    await fillRegistration({ email: 'new@example.vn', password: 'secret1', confirm: 'secret2' });
    expect(screen.getByText('Nhập lại mật khẩu không khớp mật khẩu')).toBeVisible();
    expect(sandbox().requests).toEqual([]);
  });

  it('registers, signs in, holds the customer at /verify and mails a confirmation link', async () => {
    renderPublicPage('/register');
    await fillRegistration({ email: 'new@example.vn', password: 'secret1', confirm: 'secret1' });
    expect(
      await screen.findByText('Chúng tôi đã gửi email xác thực tới new@example.vn.'),
    ).toBeVisible();
    expect(screen.getByText('Đăng ký tài khoản thành công.')).toBeVisible();
    const [mail] = await sandbox().outbox('new@example.vn');
    expect(mail?.links.some((link) => link.startsWith(`${PORTAL_ORIGIN}/idc/confirm?token=`))).toBe(
      true,
    );
  });

  it('sends the payload of the specification, phone in E.164 and as typed', async () => {
    renderPublicPage('/register');
    await fillRegistration({
      email: 'payload@example.vn',
      password: 'secret1',
      confirm: 'secret1',
    });
    await screen.findByText(/payload@example\.vn/);
    const user = await sandbox().app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: { authorization: `Token ${localStorage.getItem('access_token')}` },
    });
    expect(user.json()).toMatchObject({
      email: 'payload@example.vn',
      fullname: 'Trần Thị Mới',
      phone: '+84912345678',
      email_verified: false,
    });
  });

  it('shows the server message for a taken e-mail and keeps what was typed', async () => {
    renderPublicPage('/register');
    await fillRegistration({ email: 'demo@example.vn', password: 'secret1', confirm: 'secret1' });
    // Once as the toast, once under the e-mail field.
    expect(await screen.findAllByText('Email này đã được sử dụng.')).toHaveLength(2);
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(
      'Email này đã được sử dụng.',
    );
    expect(screen.getByLabelText('Email *')).toHaveValue('demo@example.vn');
    expect(screen.getByLabelText('Họ và tên *')).toHaveValue('Trần Thị Mới');
    expect(screen.getByRole('button', { name: 'Đăng ký' })).toBeEnabled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('keeps a create-server choice that arrives with the redirect (§3)', async () => {
    renderPublicPage('/register?redirect=/idc/cloud-server/create&cpu=2&ram=4&disk=40&interval=12');
    await screen.findByLabelText('Email *');
    expect([
      localStorage.getItem('cpu'),
      localStorage.getItem('ram'),
      localStorage.getItem('disk'),
      localStorage.getItem('interval'),
    ]).toEqual(['2', '4', '40', '12']);
    // The customer sees what the pricing link chose while registering.
    expect(screen.getByTestId('chosen-config')).toHaveTextContent(
      'Cấu hình đã chọn: 2 CPU, 4 GB RAM, 40 GB SSD, 12 tháng',
    );
  });

  it('reads the provider’s billingcycle=annually as 12 months, shown and kept (§9)', async () => {
    renderPublicPage(
      '/register?redirect=/idc/cloud-server/create&cpu=1&ram=2&disk=20&billingcycle=annually',
    );
    await screen.findByLabelText('Email *');
    expect(localStorage.getItem('interval')).toBe('12');
    expect(screen.getByTestId('chosen-config')).toHaveTextContent(
      'Cấu hình đã chọn: 1 CPU, 2 GB RAM, 20 GB SSD, 12 tháng',
    );
  });

  it('shows no configuration when registering without a pricing link', async () => {
    renderPublicPage('/register');
    await screen.findByLabelText('Email *');
    expect(screen.queryByTestId('chosen-config')).not.toBeInTheDocument();
  });
});

describe('forgotten password', () => {
  it('names the address, mails a reset link, and the link sets a new password', async () => {
    renderPublicPage('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.vn');
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết' }));
    expect(await screen.findByText(/demo@example\.vn là email đã đăng ký/)).toBeVisible();

    const [mail] = await sandbox().outbox('demo@example.vn');
    const link = mail?.links.find((candidate) => candidate.includes('/idc/password_resets?token='));
    expect(link).toBeDefined();
    cleanup();

    renderPublicPage(new URL(link as string).href.replace(`${PORTAL_ORIGIN}/idc`, ''));
    await user.type(await screen.findByLabelText('Mật khẩu mới'), 'NewPass1');
    await user.type(screen.getByLabelText('Nhập lại mật khẩu'), 'NewPass1');
    await user.click(screen.getByRole('button', { name: 'Đặt lại mật khẩu' }));
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeVisible();

    const basic = (password: string) =>
      `Basic ${Buffer.from(`demo@example.vn:${password}`).toString('base64')}`;
    const withNew = await sandbox().app.inject({
      url: '/api/v1/auth/token',
      headers: { authorization: basic('NewPass1') },
    });
    const withOld = await sandbox().app.inject({
      url: '/api/v1/auth/token',
      headers: { authorization: basic('Demo@12345') },
    });
    expect([withNew.statusCode, withOld.statusCode]).toEqual([200, 401]);
  });

  it('reads the same for an address that has no account, and mails nothing', async () => {
    renderPublicPage('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.vn');
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết' }));
    expect(await screen.findByText(/nobody@example\.vn là email đã đăng ký/)).toBeVisible();
    expect(await sandbox().outbox('nobody@example.vn')).toEqual([]);
  });

  it('asks for a valid address before sending', async () => {
    renderPublicPage('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết' }));
    expect(screen.getByText('Vui lòng nhập đúng định dạng email')).toBeVisible();
    expect(sandbox().requests).toEqual([]);
  });

  it('does not show the reset form without a token', async () => {
    renderPublicPage('/password_resets');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
  });
});

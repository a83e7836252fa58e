// @vitest-environment jsdom
/**
 * The public pages say what went wrong in words a customer can read: too many attempts (the
 * sandbox's real 429), no connection, why the portal signed them out, a used confirmation link.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { sandboxPerTest } from '../../support/sandbox';
import { signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

beforeEach(() => sessionStorage.clear());

const TOO_FAST = /^Bạn thao tác quá nhanh, vui lòng thử lại sau \d+ phút\.$/;
const UNREACHABLE = 'Không kết nối được hệ thống. Kiểm tra mạng rồi thử lại.';

/** Wrong passwords sent straight to the sandbox until it limits the address (its real 429). */
async function exhaustSignInAttempts(email: string) {
  const basic = Buffer.from(`${email}:wrong-password`).toString('base64');
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await sandbox().app.inject({
      url: '/api/v1/auth/token',
      headers: { authorization: `Basic ${basic}` },
    });
    if (answer.statusCode === 429) return;
  }
  throw new Error('the sandbox never limited the sign-in attempts');
}

/** Makes every API call fail as a broken network does: no answer at all. */
function cutTheNetwork() {
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Mật khẩu'), password);
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
}

describe('the login page', () => {
  it('shows the server’s “too fast” message for a 429, not “wrong password”', async () => {
    await exhaustSignInAttempts('demo@example.vn');
    renderPublicPage('/login');
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByText(TOO_FAST)).toBeVisible();
    expect(screen.queryByText('Email hoặc mật khẩu không đúng.')).not.toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  }, 60_000); // ten wrong passwords are hashed first

  it('says the server cannot be reached when there is no answer', async () => {
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    cutTheNetwork();
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByText(UNREACHABLE)).toBeVisible();
    expect(screen.queryByText('network_error')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
  });

  it('says once why the portal signed the customer out', async () => {
    sessionStorage.setItem('sign_out_reason', 'unreachable');
    const first = renderPublicPage('/login');
    expect(
      await screen.findByText(
        'Không kết nối được hệ thống nên bạn đã được đăng xuất. Vui lòng đăng nhập lại khi mạng ổn định.',
      ),
    ).toBeVisible();
    first.unmount();

    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    expect(screen.queryByText(/bạn đã được đăng xuất/)).not.toBeInTheDocument();
  });

  it('says the session expired after a 401', async () => {
    sessionStorage.setItem('sign_out_reason', 'session_expired');
    renderPublicPage('/login');
    expect(
      await screen.findByText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.'),
    ).toBeVisible();
  });
});

describe('the forgot-password page', () => {
  it('shows the server’s “too fast” message for a 429 instead of claiming a mail was sent', async () => {
    for (let request = 0; request < 5; request += 1) {
      await sandbox().app.inject({
        method: 'POST',
        url: '/api/v1/auth/users/request_reset_password',
        payload: { email: 'demo@example.vn' },
      });
    }
    const mailsBefore = (await sandbox().outbox('demo@example.vn')).length;
    renderPublicPage('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.vn');
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết' }));

    expect(await screen.findByText(TOO_FAST)).toBeVisible();
    expect(screen.queryByText(/một liên kết đặt lại mật khẩu đã được gửi/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('demo@example.vn');
    expect(await sandbox().outbox('demo@example.vn')).toHaveLength(mailsBefore);
  });
});

describe('the confirmation link', () => {
  it('opened again by a signed-in customer says it was used, and keeps the session', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPublicPage('/confirm?token=already-used-or-invalid');

    expect(
      await screen.findByText('Liên kết xác nhận đã được dùng hoặc không hợp lệ.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang tổng quan' })).toHaveAttribute(
      'href',
      '/idc/dashboard',
    );
    expect(screen.queryByTestId('signed-in-at')).not.toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe(token);
  });

  it('sent by someone else confirms their address but keeps a signed-in customer in their own account', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // Someone registers an address of theirs and gets the customer to open its unused link.
    const registered = await sandbox().app.inject({
      method: 'POST',
      url: '/api/v1/auth/users',
      payload: {
        fullname: 'Kẻ Lạ',
        email: 'stranger@example.vn',
        password: 'Stranger@123',
        verify_password: 'Stranger@123',
        phone: '+84987654321',
        formatted_phone: '098 765 43 21',
      },
    });
    expect(registered.statusCode).toBe(201);
    const [mail] = await sandbox().outbox('stranger@example.vn');
    const link = new URL(mail?.links.find((href) => href.includes('/confirm?token=')) ?? '');
    renderPublicPage(`/confirm${link.search}`);

    expect(
      await screen.findByText(
        'Email stranger@example.vn đã được xác nhận. Bạn vẫn đang đăng nhập bằng tài khoản demo@example.vn; để dùng tài khoản vừa xác nhận, hãy đăng xuất rồi đăng nhập lại.',
      ),
    ).toBeVisible();
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(window.location.pathname).toBe('/idc/confirm');
    // The session the confirmation opened for the other account is ended, not left behind.
    await waitFor(() => expect(sandbox().requests).toContain('DELETE /api/v1/auth/token'));
    const stillMine = await sandbox().app.inject({
      url: '/api/v1/auth/user',
      headers: { authorization: `Token ${token}` },
    });
    expect(stillMine.json().email).toBe('demo@example.vn');
  });

  it('opened without a session still goes to login (spec §8)', async () => {
    renderPublicPage('/confirm?token=already-used-or-invalid');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    expect(window.location.pathname).toBe('/idc/login');
  });
});

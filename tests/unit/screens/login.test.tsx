// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { sandboxPerTest } from '../../support/sandbox';

const sandbox = sandboxPerTest();

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Mật khẩu'), password);
  await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
  return user;
}

describe('the login page', () => {
  it('shows without calling the API', async () => {
    renderPublicPage('/login');
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    expect(sandbox().requests).toEqual([]);
  });

  it('asks for the e-mail and password when sent empty, and calls nothing', async () => {
    renderPublicPage('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Đăng nhập' }));
    expect(screen.getByText('Email không được bỏ trống.')).toBeVisible();
    expect(screen.getByText('Mật khẩu không được bỏ trống.')).toBeVisible();
    expect(sandbox().requests).toEqual([]);
  });

  it('refuses a wrong password with the message of the specification and keeps the e-mail', async () => {
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await signIn('demo@example.vn', 'wrong-password');
    expect(await screen.findByText('Email hoặc mật khẩu không đúng.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('demo@example.vn');
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('names the close button of its message in the reader’s language, and it closes', async () => {
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    const user = await signIn('demo@example.vn', 'wrong-password');
    const close = await screen.findByRole('button', { name: 'Đóng' });
    await user.click(close);
    await waitFor(() => expect(screen.queryByText('Email hoặc mật khẩu không đúng.')).toBeNull());
  });

  it('signs a verified customer in and goes to the dashboard', async () => {
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('access_token')).toMatch(/.{32,}/);
    expect(JSON.parse(localStorage.getItem('user_info') ?? '{}').email).toBe('demo@example.vn');
  });

  it('returns to the page the customer asked for before signing in', async () => {
    localStorage.setItem('callbackURL', '/ssh-keys');
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/ssh-keys');
    expect(localStorage.getItem('callbackURL')).toBeNull();
  });

  it('sends a customer with a stored server choice to the create form (§4 b)', async () => {
    localStorage.setItem('cpu', '2');
    localStorage.setItem('ram', '4');
    localStorage.setItem('disk', '40');
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent(
      '/cloud-server/create?cpu=2&ram=4&disk=40',
    );
  });

  it('ignores a redirect to a look-alike host and lands on the dashboard (§4 c)', async () => {
    renderPublicPage('/login?redirect=https://vps.example.vn.evil.com/');
    await screen.findByLabelText('Email');
    await signIn('demo@example.vn', 'Demo@12345');
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
  });

  it('submits with Enter', async () => {
    renderPublicPage('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.vn');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Demo@12345{Enter}');
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
  });

  it('sends one request however often the button is pressed while the call runs', async () => {
    renderPublicPage('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.vn');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong-password');
    const button = screen.getByRole('button', { name: 'Đăng nhập' });
    const answer = sandbox().holdAnswers();
    await user.tripleClick(button);
    answer();
    await screen.findByText('Email hoặc mật khẩu không đúng.');
    expect(
      sandbox().requests.filter((request) => request === 'GET /api/v1/auth/token'),
    ).toHaveLength(1);
  });

  it('holds a customer whose e-mail is not confirmed at /verify', async () => {
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await signIn('unverified@example.vn', 'Demo@12345');
    expect(
      await screen.findByText('Chúng tôi đã gửi email xác thực tới unverified@example.vn.'),
    ).toBeVisible();
  });

  it('forgets a stored session when opened without a redirect', async () => {
    localStorage.setItem('access_token', 'old-token');
    localStorage.setItem('authenticated', 'true');
    localStorage.setItem('locale', 'vi');
    renderPublicPage('/login');
    await screen.findByLabelText('Email');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(localStorage.getItem('authenticated')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('vi');
  });
});

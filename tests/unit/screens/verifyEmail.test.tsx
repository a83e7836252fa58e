// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { sandboxPerTest } from '../../support/sandbox';
import { api, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

const EMAIL = 'unverified@example.vn';
const codeIn = (text: string) => /\b\d{6}\b/.exec(text)?.[0] ?? '';
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** The unverified demo customer, signed in and held at /verify, asks for a code. */
async function askForCode() {
  await signInAs(sandbox(), EMAIL);
  renderPublicPage('/verify');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Gửi mã xác thực qua email' }));
  const field = await screen.findByLabelText('Mã xác thực email (6 chữ số)');
  const [mail] = await sandbox().outbox(EMAIL);
  const code = codeIn(mail?.text ?? '');
  expect(code).toMatch(/^\d{6}$/);
  return { user, field, code };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('leaving /verify', () => {
  it.each([
    ['going back to sign in', 'Quay lại đăng nhập'],
    ['asking for the mail again', 'Gửi lại email xác thực'],
  ])('signs the session out on the server too, after %s', async (_how, name) => {
    const token = await signInAs(sandbox(), EMAIL);
    renderPublicPage('/verify');
    const user = userEvent.setup();
    await user.click(await screen.findByRole(name.startsWith('Gửi') ? 'button' : 'link', { name }));
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect((await api(sandbox(), token, 'GET', '/auth/user')).status).toBe(401);
  });
});

describe('confirming the e-mail with a mailed code on /verify', () => {
  it('refuses a wrong code with the §8 message, keeps it, then takes the right one to the dashboard', async () => {
    const { user, field, code } = await askForCode();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(`Mã xác thực đã được gửi tới ${EMAIL}.`)).toBeVisible();

    await user.type(field, otherThan(code));
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Mã xác thực không chính xác!')).toBeVisible();
    expect(field).toHaveValue(otherThan(code));
    expect(screen.queryByTestId('signed-in-at')).toBeNull();

    // The wrong guess did not use the code up.
    await user.clear(field);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Xác thực email thành công.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('user_info') ?? '{}').email_verified).toBe(true);
  });

  it('resumes a stored server choice once the address is confirmed (§4 b)', async () => {
    localStorage.setItem('cpu', '2');
    localStorage.setItem('ram', '4');
    localStorage.setItem('disk', '40');
    const { user, field, code } = await askForCode();
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent(
      '/cloud-server/create?cpu=2&ram=4&disk=40',
    );
  });

  it('asks for six digits before calling the API', async () => {
    const { user, field } = await askForCode();
    await user.type(field, '12a');
    await user.click(screen.getByRole('button', { name: 'Xác thực' }));
    expect(field).toHaveAccessibleDescription('Mã xác thực gồm 6 chữ số.');
    expect(field).toHaveValue('12a');
    expect(sandbox().requests).not.toContain('POST /api/v1/auth/otp_email');
  });

  it('lets the customer ask again only after the 60 s countdown', async () => {
    await signInAs(sandbox(), EMAIL);
    renderPublicPage('/verify');
    const user = userEvent.setup();
    const ask = await screen.findByRole('button', { name: 'Gửi mã xác thực qua email' });
    // Only the countdown's clock is faked: the sandbox and the toasts keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await user.click(ask);
    expect(await screen.findByRole('button', { name: 'Gửi lại mã sau 60 giây' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Gửi lại mã sau 1 giây' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    await user.click(screen.getByRole('button', { name: 'Gửi lại mã' }));
    expect(await screen.findByRole('button', { name: 'Gửi lại mã sau 60 giây' })).toBeDisabled();
    expect(await sandbox().outbox(EMAIL)).toHaveLength(2);
  });

  it('warns that the service is interrupted when no code can be sent', async () => {
    const token = await signInAs(sandbox(), EMAIL);
    // The account's mail budget is spent: the sandbox refuses the next code (429).
    for (let sent = 0; ; sent++) {
      const { status } = await api(sandbox(), token, 'GET', '/auth/otp_email');
      if (status === 429) break;
      expect(sent).toBeLessThan(20);
    }
    renderPublicPage('/verify');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gửi mã xác thực qua email' }));
    expect(
      await screen.findByText('Dịch vụ bị gián đoạn, vui lòng thử lại sau ít phút.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Mã xác thực email (6 chữ số)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Gửi mã xác thực qua email' })).toBeEnabled();
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { sandboxPerTest, type Sandbox } from '../../support/sandbox';
import { api, DEMO_PASSWORD, loseAnswerOf, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

const card = async (title: string) =>
  (await screen.findByRole('region', { name: title })) as HTMLElement;

/**
 * The authenticator app's code. The sandbox runs on the real clock here and accepts each step's
 * code once: a sign-in right after the set-up uses the next step's code, which the sandbox takes
 * as a clock one step ahead (RFC 6238's drift window) instead of waiting 30 seconds.
 */
const codeOf = (secret: string, aheadMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + aheadMs });

/** Turns two-step sign-in on through the API; answers the secret and the recovery codes. */
async function enrolThroughApi(current: Sandbox, token: string) {
  const setup = await api<{ secret: string }>(
    current,
    token,
    'POST',
    '/account/two_factor/setup',
    {},
  );
  const { secret } = setup.body;
  const confirm = await api<{ recovery_codes: string[] }>(
    current,
    token,
    'POST',
    '/account/two_factor/confirm',
    { password: DEMO_PASSWORD, code: codeOf(secret) },
  );
  expect(confirm.status).toBe(200);
  return { secret, recoveryCodes: confirm.body.recovery_codes };
}

describe('the two-step sign-in card', () => {
  it('turns it on with a QR code and a code, then shows the recovery codes once', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const twoFactor = await card('Xác thực hai bước');
    expect(await within(twoFactor).findByText('Xác thực hai bước đang tắt.')).toBeVisible();

    const user = userEvent.setup();
    await user.click(within(twoFactor).getByRole('button', { name: 'Bật xác thực hai bước' }));
    expect(
      await within(twoFactor).findByAltText('Mã QR để thêm tài khoản vào ứng dụng xác thực'),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    const secret = within(twoFactor)
      .getByTestId('two-factor-secret')
      .textContent!.replace(/ /g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const code = within(twoFactor).getByRole('textbox', { name: /Mã xác thực \(6 chữ số\)/ });
    await user.type(code, '12345');
    await user.click(within(twoFactor).getByRole('button', { name: 'Xác nhận và bật' }));
    expect(within(twoFactor).getByText('Mã xác thực gồm 6 chữ số.')).toBeVisible();
    expect(within(twoFactor).getByText('Vui lòng nhập mật khẩu hiện tại.')).toBeVisible();
    await user.clear(code);
    // Kept, not recomputed: a 30-second step can end between typing and reading the field.
    const typedCode = codeOf(secret);
    await user.type(code, typedCode);
    // The password too, so that a session alone cannot turn it on: a wrong one is named on its
    // field, and the code typed stays.
    const password = within(twoFactor).getByLabelText(/Mật khẩu hiện tại/);
    await user.type(password, 'not-my-password');
    await user.click(within(twoFactor).getByRole('button', { name: 'Xác nhận và bật' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Mật khẩu không đúng.'));
    expect(code).toHaveValue(typedCode);
    await user.clear(password);
    await user.type(password, DEMO_PASSWORD);
    await user.click(within(twoFactor).getByRole('button', { name: 'Xác nhận và bật' }));

    const list = await within(twoFactor).findByRole('list', { name: 'Mã khôi phục' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(twoFactor).getByText(/Các mã chỉ hiển thị lần này/)).toBeVisible();
    expect(within(twoFactor).getByRole('button', { name: 'Tải xuống (.txt)' })).toBeVisible();
    await user.click(within(twoFactor).getByRole('button', { name: 'Tôi đã lưu các mã' }));

    expect(await within(twoFactor).findByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();
    expect(within(twoFactor).queryByRole('list', { name: 'Mã khôi phục' })).toBeNull();
    const state = await api<{ enabled: boolean }>(sandbox(), token, 'GET', '/account/two_factor');
    expect(state.body.enabled).toBe(true);
  });

  it('turns it off only with the password and a code', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { recoveryCodes } = await enrolThroughApi(sandbox(), token);
    renderPortal('/account');
    const twoFactor = await card('Xác thực hai bước');
    const user = userEvent.setup();
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'Tắt xác thực hai bước' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tắt xác thực hai bước?' });
    await user.type(within(dialog).getByLabelText(/Mật khẩu hiện tại/), 'not-the-password');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Mã xác thực hoặc mã khôi phục/ }),
      recoveryCodes[0]!,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tắt xác thực hai bước' }));
    expect(await within(dialog).findByText('Mật khẩu không đúng.')).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/Mật khẩu hiện tại/));
    await user.type(within(dialog).getByLabelText(/Mật khẩu hiện tại/), DEMO_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Tắt xác thực hai bước' }));
    expect(await screen.findByText('Đã tắt xác thực hai bước.')).toBeVisible();
    expect(await within(twoFactor).findByText('Xác thực hai bước đang tắt.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('new recovery codes', () => {
  /** Opens the card's "new recovery codes" dialog and sends the password and `code`. */
  async function askForNewCodes(user: ReturnType<typeof userEvent.setup>, code: string) {
    const twoFactor = await card('Xác thực hai bước');
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'Tạo mã khôi phục mới' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tạo mã khôi phục mới?' });
    await user.type(within(dialog).getByLabelText(/Mật khẩu hiện tại/), DEMO_PASSWORD);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Mã xác thực hoặc mã khôi phục/ }),
      code,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tạo mã khôi phục mới' }));
    return { twoFactor, dialog };
  }

  it('shows ten new codes once the password and a code prove it; the old ones stop working', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { recoveryCodes } = await enrolThroughApi(sandbox(), token);
    renderPortal('/account');
    const user = userEvent.setup();

    const { dialog } = await askForNewCodes(user, 'wrong-code1');
    expect(
      await within(dialog).findByText('Mã xác thực không đúng hoặc đã được sử dụng.'),
    ).toBeVisible();
    const code = within(dialog).getByRole('textbox', { name: /Mã xác thực hoặc mã khôi phục/ });
    await user.clear(code);
    await user.type(code, recoveryCodes[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Tạo mã khôi phục mới' }));

    const twoFactor = await card('Xác thực hai bước');
    const list = await within(twoFactor).findByRole('list', { name: 'Mã khôi phục' });
    const fresh = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    expect(
      within(twoFactor).getByText('Đã tạo 10 mã khôi phục mới. Các mã cũ không còn dùng được.'),
    ).toBeVisible();
    await user.click(within(twoFactor).getByRole('button', { name: 'Tôi đã lưu các mã' }));
    expect(await within(twoFactor).findByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();

    const oldCode = await api(sandbox(), token, 'POST', '/account/two_factor/disable', {
      password: DEMO_PASSWORD,
      code: recoveryCodes[1]!,
    });
    expect(oldCode.status).toBe(400);
  });

  it('says so when the answer is lost, and a second try gives codes the customer holds', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const { secret, recoveryCodes } = await enrolThroughApi(sandbox(), token);
    renderPortal('/account');
    const user = userEvent.setup();
    loseAnswerOf('POST', '/account/two_factor/recovery_codes');
    const { twoFactor } = await askForNewCodes(user, recoveryCodes[0]!);
    expect(
      await within(twoFactor).findByText(/^Mất kết nối nên không rõ bộ mã mới đã được tạo chưa/),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The lost request did make new codes: the old ones are gone, the app's code still proves it.
    await askForNewCodes(user, codeOf(secret, 30_000));
    expect(await within(twoFactor).findByRole('list', { name: 'Mã khôi phục' })).toBeVisible();
    expect(within(twoFactor).queryByText(/^Mất kết nối nên không rõ bộ mã mới/)).toBeNull();
  });
});

describe('turning it on when the answer is lost', () => {
  it('reads the state again: shows it on, says the recovery codes were lost, and offers no second confirmation', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const twoFactor = await card('Xác thực hai bước');
    const user = userEvent.setup();
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'Bật xác thực hai bước' }),
    );
    const secret = (await within(twoFactor).findByTestId('two-factor-secret')).textContent!.replace(
      / /g,
      '',
    );
    await user.type(
      within(twoFactor).getByRole('textbox', { name: /Mã xác thực \(6 chữ số\)/ }),
      codeOf(secret),
    );
    await user.type(within(twoFactor).getByLabelText(/Mật khẩu hiện tại/), DEMO_PASSWORD);
    // The confirmation reaches the sandbox and turns it on; its answer is lost.
    loseAnswerOf('POST', '/account/two_factor/confirm');
    await user.click(within(twoFactor).getByRole('button', { name: 'Xác nhận và bật' }));

    expect(
      await within(twoFactor).findByText(/Xác thực hai bước đã được bật, nhưng mất kết nối/),
    ).toBeVisible();
    expect(within(twoFactor).getByText(/^Xác thực hai bước đang bật từ/)).toBeVisible();
    expect(within(twoFactor).queryByRole('button', { name: 'Xác nhận và bật' })).toBeNull();
    const state = await api<{ enabled: boolean }>(sandbox(), token, 'GET', '/account/two_factor');
    expect(state.body.enabled).toBe(true);
  });
});

describe('the login page with two-step sign-in on', () => {
  async function passwordStep() {
    renderPublicPage('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.vn');
    await user.type(screen.getByLabelText('Mật khẩu'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText(/Nhập mã 6 chữ số trong ứng dụng xác thực/)).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
    return user;
  }

  it('asks for the app code after the password, then signs in', async () => {
    const { secret } = await enrolThroughApi(
      sandbox(),
      await signInAs(sandbox(), 'demo@example.vn'),
    );
    localStorage.clear();
    const user = await passwordStep();
    const field = screen.getByRole('textbox', { name: /Mã xác thực/ });
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Mã xác thực không đúng hoặc đã được sử dụng.')).toBeVisible();
    await user.clear(field);
    await user.type(field, codeOf(secret, 30_000));
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('access_token')).toMatch(/.{32,}/);
  });

  it('takes a recovery code instead, and goes back to the password on request', async () => {
    const { recoveryCodes } = await enrolThroughApi(
      sandbox(),
      await signInAs(sandbox(), 'demo@example.vn'),
    );
    localStorage.clear();
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Quay lại đăng nhập' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('demo@example.vn');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    await user.click(
      await screen.findByRole('button', { name: 'Không có điện thoại? Dùng mã khôi phục' }),
    );
    await user.type(screen.getByRole('textbox', { name: /Mã khôi phục/ }), recoveryCodes[1]!);
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByTestId('signed-in-at')).toHaveTextContent('/dashboard');
  });
});

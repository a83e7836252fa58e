// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { API_TOKEN_PREFIX } from '../../../src/domain/apiTokens';
import { sandboxPerTest } from '../../support/sandbox';
import { api, DEMO_PASSWORD, loseAnswerOf, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

const card = async (title: string) =>
  (await screen.findByRole('region', { name: title })) as HTMLElement;

/** A sign-in from a phone, as its browser would make it; answers the phone's token. */
async function signInFromPhone(email: string): Promise<string> {
  const basic = Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64');
  const answer = await sandbox().app.inject({
    url: '/api/v1/auth/token',
    headers: { authorization: `Basic ${basic}`, 'user-agent': SAFARI_ON_IPHONE },
  });
  return (answer.json() as { token: string }).token;
}

const passwordField = (form: HTMLElement) => within(form).getByLabelText(/^Mật khẩu hiện tại/);

/** demo@ on /account, no token yet, the create-token dialog open. */
async function openTokenForm() {
  const session = await signInAs(sandbox(), 'demo@example.vn');
  renderPortal('/account');
  const tokens = await card('API token');
  expect(await within(tokens).findByText('Chưa có token nào.')).toBeVisible();
  const user = userEvent.setup();
  await user.click(within(tokens).getByRole('button', { name: 'Tạo token' }));
  const form = await screen.findByRole('dialog', { name: 'Tạo API token' });
  return { session, tokens, user, form };
}

describe('the sessions card', () => {
  it('marks this device and signs the phone out after a confirmation', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    const phone = await signInFromPhone('demo@example.vn');
    renderPortal('/account');
    const sessions = await card('Phiên đăng nhập');

    const rows = await within(sessions).findAllByTestId('account-session');
    expect(rows).toHaveLength(2);
    const phoneRow = rows.find((row) => row.textContent?.includes('Safari 17 trên iOS'))!;
    const thisRow = rows.find((row) => row !== phoneRow)!;
    expect(within(thisRow).getByText('Thiết bị này')).toBeVisible();
    expect(within(thisRow).queryByRole('button', { name: /Đăng xuất/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(
      within(phoneRow).getByRole('button', { name: 'Đăng xuất Safari 17 trên iOS' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Đăng xuất Safari 17 trên iOS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Đăng xuất' }));

    expect(await screen.findByText('Đã đăng xuất phiên trên Safari 17 trên iOS.')).toBeVisible();
    await waitFor(() => expect(within(sessions).getAllByTestId('account-session')).toHaveLength(1));
    expect(within(sessions).getByText('Chỉ có thiết bị này đang đăng nhập.')).toBeVisible();
    expect((await api(sandbox(), phone, 'GET', '/auth/user')).status).toBe(401);
  });

  it('signs out all the other sessions at once', async () => {
    const mine = await signInAs(sandbox(), 'demo@example.vn');
    const phones = [
      await signInFromPhone('demo@example.vn'),
      await signInFromPhone('demo@example.vn'),
    ];
    renderPortal('/account');
    const sessions = await card('Phiên đăng nhập');
    const user = userEvent.setup();

    await user.click(
      await within(sessions).findByRole('button', { name: 'Đăng xuất tất cả phiên khác' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Đăng xuất tất cả phiên khác?' });
    await user.click(within(dialog).getByRole('button', { name: 'Đăng xuất tất cả phiên khác' }));

    expect(await screen.findByText('Đã đăng xuất 2 phiên khác.')).toBeVisible();
    for (const phone of phones) {
      expect((await api(sandbox(), phone, 'GET', '/auth/user')).status).toBe(401);
    }
    expect((await api(sandbox(), mine, 'GET', '/auth/user')).status).toBe(200);
  });
});

describe('the API tokens card', () => {
  it('creates a token, shows its value once, and revokes it after a confirmation', async () => {
    const { session, tokens, user, form } = await openTokenForm();
    await user.click(within(form).getByRole('button', { name: 'Tạo token' }));
    expect(await within(form).findByText('Vui lòng nhập tên token.')).toBeVisible();
    expect(passwordField(form)).toHaveAccessibleDescription('Vui lòng nhập mật khẩu hiện tại.');
    await user.type(within(form).getByRole('textbox', { name: /Tên token/ }), 'script sao lưu');
    await user.type(passwordField(form), DEMO_PASSWORD);
    await user.click(within(form).getByRole('radio', { name: 'Đọc và ghi' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Thời hạn' }), '30 ngày');
    await user.click(within(form).getByRole('button', { name: 'Tạo token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token script sao lưu đã được tạo' });
    const value = (within(shown).getByTestId('api-token-value') as HTMLInputElement).value;
    expect(value.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(within(shown).getByText(/đây là lần duy nhất token được hiển thị/)).toBeVisible();
    expect(
      within(shown).getByRole('button', { name: 'Sao chép token script sao lưu' }),
    ).toBeVisible();
    expect((await api(sandbox(), value, 'GET', '/cloud/servers')).status).toBe(200);
    await user.click(within(shown).getByRole('button', { name: 'Tôi đã lưu token' }));

    const row = await within(tokens).findByTestId('api-token');
    expect(row).toHaveTextContent('script sao lưu');
    expect(row).toHaveTextContent('Đọc và ghi');
    // The call above used it: the list says when, not "never used".
    expect(row).toHaveTextContent(/Dùng gần nhất: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(row).not.toHaveTextContent(value);

    await user.click(within(row).getByRole('button', { name: 'Thu hồi token script sao lưu' }));
    const confirm = await screen.findByRole('dialog', { name: 'Thu hồi token script sao lưu?' });
    await user.click(within(confirm).getByRole('button', { name: 'Thu hồi' }));

    expect(await screen.findByText('Đã thu hồi token script sao lưu.')).toBeVisible();
    expect(await within(tokens).findByText('Chưa có token nào.')).toBeVisible();
    expect((await api(sandbox(), value, 'GET', '/cloud/servers')).status).toBe(401);
    expect((await api(sandbox(), session, 'GET', '/auth/user')).status).toBe(200);
  });

  it('asks for the password: a wrong one is named on its field, nothing made, the rest kept', async () => {
    const { tokens, user, form } = await openTokenForm();
    await user.type(within(form).getByRole('textbox', { name: /Tên token/ }), 'ci-deploy');
    await user.type(passwordField(form), 'not-the-password');
    await user.click(within(form).getByRole('button', { name: 'Tạo token' }));

    await waitFor(() =>
      expect(passwordField(form)).toHaveAccessibleDescription('Mật khẩu không đúng.'),
    );
    expect(within(form).getByRole('textbox', { name: /Tên token/ })).toHaveValue('ci-deploy');
    expect(within(tokens).getByText('Chưa có token nào.')).toBeVisible();
  });

  it('names a token name already held on its field, keeping what was typed', async () => {
    const { tokens, user, form } = await openTokenForm();
    await user.type(within(form).getByRole('textbox', { name: /Tên token/ }), 'ci-deploy');
    await user.type(passwordField(form), DEMO_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Tạo token' }));
    const shown = await screen.findByRole('dialog', { name: 'Token ci-deploy đã được tạo' });
    await user.click(within(shown).getByRole('button', { name: 'Tôi đã lưu token' }));
    await within(tokens).findByTestId('api-token');

    await user.click(within(tokens).getByRole('button', { name: 'Tạo token' }));
    const again = await screen.findByRole('dialog', { name: 'Tạo API token' });
    const name = within(again).getByRole('textbox', { name: /Tên token/ });
    await user.type(name, 'CI-Deploy');
    await user.type(passwordField(again), DEMO_PASSWORD);
    await user.click(within(again).getByRole('button', { name: 'Tạo token' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Bạn đã có token mang tên này. Hãy đặt tên khác.'),
    );
    expect(name).toHaveValue('CI-Deploy');
    expect(within(tokens).getAllByTestId('api-token')).toHaveLength(1);
  });

  it('says a token made while its answer was lost must be revoked, and offers no second one', async () => {
    const { session, tokens, user, form } = await openTokenForm();
    await user.type(within(form).getByRole('textbox', { name: /Tên token/ }), 'ci-deploy');
    await user.type(passwordField(form), DEMO_PASSWORD);
    // The create reaches the sandbox; its answer, which holds the value, is lost.
    loseAnswerOf('POST', '/account/api_tokens');
    await user.click(within(form).getByRole('button', { name: 'Tạo token' }));

    expect(
      await within(form).findByText(/Token "ci-deploy" đã được tạo nhưng mất kết nối/),
    ).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Tạo token' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Đóng' }));
    expect(await within(tokens).findByTestId('api-token')).toHaveTextContent('ci-deploy');
    const { body } = await api<{ items: unknown[] }>(
      sandbox(),
      session,
      'GET',
      '/account/api_tokens',
    );
    expect(body.items).toHaveLength(1);
  });
});

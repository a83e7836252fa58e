// @vitest-environment jsdom
/**
 * Issue 20 as the customer meets it: a limit reached says which one where the action happens; a
 * refused character, the same password and a confirmation link clicked twice say so, each on its
 * field or page.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPublicPage } from '../../support/renderPublicPage';
import { sandboxPerTest } from '../../support/sandbox';
import { api, DEMO_PASSWORD, registerConfirmed, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

const OPEN_TICKETS_LIMIT =
  'Mỗi tài khoản có tối đa 20 yêu cầu hỗ trợ đang mở. Hãy đóng các yêu cầu đã được giải quyết rồi thử lại.';
const REFUSED_CHARACTERS =
  'Không được chứa ký tự điều khiển hoặc ký tự đổi chiều văn bản (như NUL, U+202E).';

describe('a limit reached', () => {
  it('names the limit on the form, keeps what was typed and opens no ticket', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    for (let i = 0; i < 20; i++) {
      const opened = await api(sandbox(), token, 'POST', '/support/tickets', {
        subject: `Yêu cầu ${i + 1}`,
        content: 'Nội dung',
      });
      expect(opened.status).toBe(201);
    }
    renderPortal('/ticket/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tiêu đề'), 'Máy chủ chậm');
    await user.type(screen.getByLabelText('Nội dung'), 'Nhờ kiểm tra giúp.');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));

    expect(await screen.findByText(OPEN_TICKETS_LIMIT)).toBeVisible();
    expect(screen.getByLabelText('Tiêu đề')).toHaveValue('Máy chủ chậm');
    expect(screen.getByTestId('location')).toHaveTextContent('/ticket/create');
    const { body } = await api<{ total: number }>(sandbox(), token, 'GET', '/support/tickets');
    expect(body.total).toBe(20);
  });
});

describe('a refused character', () => {
  it('is named under the field it was typed in', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/ticket/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tiêu đề'), 'Hoá đơn\u202Efdp.exe');
    await user.type(screen.getByLabelText('Nội dung'), 'Nhờ kiểm tra giúp.');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));

    expect(await screen.findAllByText(REFUSED_CHARACTERS)).not.toHaveLength(0);
    expect(screen.getByLabelText('Tiêu đề')).toHaveAccessibleDescription(REFUSED_CHARACTERS);
  });
});

describe('changing the password to the same one', () => {
  it('is refused under the new password', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const form = within(await screen.findByRole('region', { name: 'Đổi mật khẩu' }));
    const user = userEvent.setup();
    await user.type(form.getByLabelText(/Mật khẩu hiện tại/), DEMO_PASSWORD);
    await user.type(form.getByLabelText(/^Mật khẩu mới/), DEMO_PASSWORD);
    await user.type(form.getByLabelText(/Nhập lại mật khẩu mới/), DEMO_PASSWORD);
    await user.click(form.getByRole('button', { name: 'Đổi mật khẩu' }));

    const newPassword = form.getByLabelText(/^Mật khẩu mới/);
    expect(await form.findByText('Mật khẩu mới phải khác mật khẩu hiện tại.')).toBeVisible();
    expect(newPassword).toHaveAccessibleDescription('Mật khẩu mới phải khác mật khẩu hiện tại.');
  });
});

describe('a confirmation link opened a second time', () => {
  const usedConfirmationLink = async () =>
    `/confirm${await registerConfirmed(sandbox(), 'lan@example.vn')}`;

  it('says the address is already confirmed on the way to login', async () => {
    renderPublicPage(await usedConfirmationLink());
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    expect(screen.getByText('Email này đã được xác nhận trước đó.')).toBeVisible();
    expect(screen.queryByText(/không hợp lệ/)).not.toBeInTheDocument();
  });

  it('says so to a signed-in customer too, who stays signed in', async () => {
    const path = await usedConfirmationLink();
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPublicPage(path);
    expect(await screen.findByText('Email này đã được xác nhận trước đó.')).toBeVisible();
    expect(screen.queryByText(/không hợp lệ/)).not.toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe(token);
  });
});

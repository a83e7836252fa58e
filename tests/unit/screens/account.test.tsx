// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';

import { dataProvider } from '../../../src/dataProvider/dataProvider';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { vi as vietnamese } from '../../../src/i18n/vi';
import { VerificationCard } from '../../../src/pages/account/VerificationCard';
import { sandboxPerTest } from '../../support/sandbox';
import { api, DEMO_PASSWORD, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

type User = ReturnType<typeof userEvent.setup>;

const card = async (title: string) =>
  (await screen.findByRole('region', { name: title })) as HTMLElement;

async function replaceText(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

/**
 * The verification card alone: the portal holds an unverified e-mail at /verify (spec §4), so the
 * e-mail code is tried on the card itself, with the real dataProvider and sandbox.
 */
function renderVerificationCard() {
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={createI18nProvider('vi', vietnamese, async () => undefined)}
      store={memoryStore()}
    >
      <VerificationCard />
      <Notification />
    </AdminContext>,
  );
}

const codeIn = (text: string) => /\b\d{6}\b/.exec(text)?.[0] ?? '';

describe('the profile', () => {
  it('saves the name and phone, shows the e-mail read-only, and the header follows', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const profile = await card('Thông tin cá nhân');
    const name = await within(profile).findByLabelText(/Họ và tên/);
    expect(name).toHaveValue('Nguyễn Văn Demo');
    expect(within(profile).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(profile).getByLabelText('Email')).toHaveValue('demo@example.vn');

    const user = userEvent.setup();
    await replaceText(user, name, 'Nguyễn Thị Mới');
    await replaceText(
      user,
      within(profile).getByRole('textbox', { name: /^Số điện thoại/ }),
      '0987654321',
    );
    await user.click(within(profile).getByRole('button', { name: 'Lưu thông tin' }));

    expect(await screen.findByText('Đã lưu thông tin cá nhân.')).toBeVisible();
    const { body } = await api<{ fullname: string; phone: string }>(
      sandbox(),
      token,
      'GET',
      '/account/profile',
    );
    expect(body).toMatchObject({ fullname: 'Nguyễn Thị Mới', phone: '+84987654321' });
    expect((await screen.findAllByText('Nguyễn Thị Mới')).length).toBeGreaterThan(0);
  });

  it('refuses an empty name under the field and keeps the phone typed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const profile = await card('Thông tin cá nhân');
    const user = userEvent.setup();
    await replaceText(user, await within(profile).findByLabelText(/Họ và tên/), '');
    await user.click(within(profile).getByRole('button', { name: 'Lưu thông tin' }));
    expect(await within(profile).findByText('Họ và tên không được bỏ trống.')).toBeVisible();
    const { body } = await api<{ fullname: string }>(sandbox(), token, 'GET', '/account/profile');
    expect(body.fullname).toBe('Nguyễn Văn Demo');
  });
});

describe('invoice information', () => {
  it('refuses a malformed tax code, keeps what was typed, then saves a right one', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const form = await card('Thông tin xuất hoá đơn');
    const user = userEvent.setup();
    await user.type(await within(form).findByLabelText('Tên công ty'), 'Công ty TNHH Demo');
    const taxCode = within(form).getByLabelText('Mã số thuế');
    await user.type(taxCode, '01012345');
    await user.click(within(form).getByRole('button', { name: 'Lưu thông tin hoá đơn' }));

    expect(
      await within(form).findByText(
        'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số (chi nhánh).',
      ),
    ).toBeVisible();
    expect(taxCode).toHaveValue('01012345');
    expect(within(form).getByLabelText('Tên công ty')).toHaveValue('Công ty TNHH Demo');

    await replaceText(user, taxCode, '0101234567-001');
    await user.type(within(form).getByLabelText('Địa chỉ đăng ký thuế'), '12 Tràng Tiền, Hà Nội');
    await user.click(within(form).getByRole('button', { name: 'Lưu thông tin hoá đơn' }));
    expect(await screen.findByText('Đã lưu thông tin xuất hoá đơn.')).toBeVisible();
    const { body } = await api(sandbox(), token, 'GET', '/account/invoice_info');
    expect(body).toEqual({
      company_name: 'Công ty TNHH Demo',
      tax_code: '0101234567-001',
      tax_address: '12 Tràng Tiền, Hà Nội',
      billing_address: null,
      billing_email: null,
      billing_phone: null,
    });
  });
});

describe('changing the password', () => {
  it('puts a wrong current password under its field, then changes it with the right one', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const form = await card('Đổi mật khẩu');
    const user = userEvent.setup();
    const old = within(form).getByLabelText(/Mật khẩu hiện tại/);
    await user.type(old, 'not-my-password');
    await user.type(within(form).getByLabelText(/^Mật khẩu mới/), 'mat-khau-moi');
    await user.type(within(form).getByLabelText(/Nhập lại mật khẩu mới/), 'mat-khau-moi');
    await user.click(within(form).getByRole('button', { name: 'Đổi mật khẩu' }));

    expect(await within(form).findByText('Mật khẩu hiện tại không đúng.')).toBeVisible();
    expect(old).toHaveValue('not-my-password');

    await replaceText(user, old, DEMO_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Đổi mật khẩu' }));
    expect(
      await screen.findByText(
        'Đổi mật khẩu thành công. Các phiên đăng nhập khác đã được đăng xuất.',
      ),
    ).toBeVisible();
    expect(old).toHaveValue('');
    // This session stays signed in.
    expect((await api(sandbox(), token, 'GET', '/auth/user')).status).toBe(200);
    // The activity log on the same page shows the change without a reload.
    const activity = await card('Nhật ký hoạt động');
    expect(await within(activity).findByText('Đổi mật khẩu')).toBeVisible();
  });
});

describe('verification by one-time codes', () => {
  it('verifies the phone: a wrong SMS code is refused with the §8 message, the right one works', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const section = await card('Xác thực');
    const user = userEvent.setup();
    expect(await within(section).findByText('Chưa xác thực')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Gửi mã xác thực' }));

    expect(
      await within(section).findByRole('button', { name: /Gửi lại mã sau \d+ giây/ }),
    ).toBeDisabled();
    const [sms] = await sandbox().outbox('demo@example.vn');
    const code = codeIn(sms?.text ?? '');
    expect(code).toMatch(/^\d{6}$/);

    const field = within(section).getByLabelText('Mã xác thực SMS (6 chữ số)');
    await user.type(field, code === '000000' ? '111111' : '000000');
    await user.click(within(section).getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Mã xác thực không chính xác!')).toBeVisible();
    expect(field).toHaveValue(code === '000000' ? '111111' : '000000');

    // The wrong guess did not use the code up.
    await replaceText(user, field, code);
    await user.click(within(section).getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Xác thực số điện thoại thành công.')).toBeVisible();
    await waitFor(() => expect(within(section).getAllByText('Đã xác thực')).toHaveLength(2));
  });

  it('warns that the service is interrupted when no e-mail code can be sent', async () => {
    const token = await signInAs(sandbox(), 'unverified@example.vn');
    // The account's mail budget is spent: the sandbox refuses the next code (429).
    for (let sent = 0; ; sent++) {
      const { status } = await api(sandbox(), token, 'GET', '/auth/otp_email');
      if (status === 429) break;
      expect(sent).toBeLessThan(20);
    }
    renderVerificationCard();
    const section = await card('Xác thực');
    const user = userEvent.setup();
    const [emailButton] = await within(section).findAllByRole('button', {
      name: 'Gửi mã xác thực',
    });
    await user.click(emailButton as HTMLElement);
    expect(
      await screen.findByText('Dịch vụ bị gián đoạn, vui lòng thử lại sau ít phút.'),
    ).toBeVisible();
    expect(within(section).queryByLabelText('Mã xác thực email (6 chữ số)')).toBeNull();
  });

  it('verifies the e-mail with the mailed code', async () => {
    await signInAs(sandbox(), 'unverified@example.vn');
    renderVerificationCard();
    const section = await card('Xác thực');
    const user = userEvent.setup();
    const [emailButton] = await within(section).findAllByRole('button', {
      name: 'Gửi mã xác thực',
    });
    await user.click(emailButton as HTMLElement);
    const field = await within(section).findByLabelText('Mã xác thực email (6 chữ số)');
    const [mail] = await sandbox().outbox('unverified@example.vn');
    await user.type(field, codeIn(mail?.text ?? ''));
    await user.click(within(section).getByRole('button', { name: 'Xác thực' }));
    expect(await screen.findByText('Xác thực email thành công.')).toBeVisible();
  });
});

describe('the printed invoice', () => {
  it('prints the buyer an invoice was issued to, not invoice information set later', async () => {
    const token = await signInAs(sandbox(), 'whitelist@example.vn');
    const { body } = await api<{ items: { id: number; code: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices',
    );
    await api(sandbox(), token, 'PATCH', '/account/invoice_info', {
      company_name: 'Công ty CP Hóa Đơn',
      tax_code: '0312345678',
      billing_address: '1 Lê Duẩn, Quận 1, TP HCM',
    });
    const [invoice] = body.items;
    renderPortal(`/billing/invoices/${invoice?.id}`);

    const buyer = await screen.findByTestId('invoice-buyer');
    expect(buyer).toHaveTextContent('whitelist@example.vn');
    expect(buyer).not.toHaveTextContent('Công ty CP Hóa Đơn');
    expect(buyer).not.toHaveTextContent('0312345678');
    expect(await screen.findByTestId('invoice-seller')).toHaveTextContent(/Mã số thuế: \d{10}/);
  });
});

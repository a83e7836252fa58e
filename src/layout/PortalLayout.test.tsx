// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authApi } from '../api/auth';
import { authProvider } from '../authProvider/authProvider';
import { breadcrumbTrail } from './breadcrumbTrail';
import { fakeWindowWidth, makeUser, renderShell, signIn } from './layoutTestHarness';
import { activeMenuItem } from './PortalMenu';
import { browserLocation } from './signOut';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'matchMedia');
});

/** Resolves once every canAccess question the render asked has been answered and shown. */
async function accessChecked(spy: { mock: { results: { value: unknown }[] } }) {
  await waitFor(() => expect(spy.mock.results.length).toBeGreaterThan(0));
  await act(async () => {
    await Promise.all(spy.mock.results.map((result) => result.value));
  });
}

describe('the sidebar', () => {
  it('lists the sections, the account links and sign out, with the product logo to the dashboard', async () => {
    signIn(makeUser());
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['IDC Cloud', '/dashboard'],
      ['Tổng quan', '/dashboard'],
      ['Bảng giá', '/cloud-server/plans'],
      ['Cloud VPS', '/cloud-server'],
      ['Volume', '/volume'],
      ['Snapshot', '/snapshot'],
      ['SSH Key', '/ssh-keys'],
      ['Hỗ trợ', '/ticket'],
      ['Tài khoản', '/account'],
      ['Thanh toán', '/billing'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Đăng xuất' })).toBeInTheDocument();
  });

  it('shows the agency item to an agency account', async () => {
    signIn(makeUser({ is_agency: true }));
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(await within(nav).findByRole('link', { name: 'Đại lý' })).toHaveAttribute(
      'href',
      '/agency',
    );
  });

  it('hides the agency item from an ordinary customer', async () => {
    const canAccess = vi.spyOn(authProvider, 'canAccess');
    signIn(makeUser({ is_agency: false }));
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    await accessChecked(canAccess);
    expect(within(nav).getByRole('link', { name: 'Hỗ trợ' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Đại lý' })).not.toBeInTheDocument();
  });

  it('marks the current section, and the plans pages as Plans rather than Cloud VPS', async () => {
    signIn(makeUser());
    renderShell({ path: '/cloud-server/plans' });
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(within(nav).getByRole('link', { name: 'Bảng giá' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Cloud VPS' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(activeMenuItem('/cloud-server/12/detail')).toBe('cloud-server');
    expect(activeMenuItem('/cloud-server/plan/3')).toBe('plans');
  });

  it('collapses at 1024 px or less, reopens above, and the toggle still works in between', async () => {
    const resizeTo = fakeWindowWidth(1024);
    signIn(makeUser());
    renderShell();
    expect(await screen.findByRole('button', { name: 'Mở rộng menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Mở rộng menu' }));
    expect(screen.getByRole('button', { name: 'Thu gọn menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    act(() => resizeTo(1025));
    expect(screen.getByRole('button', { name: 'Thu gọn menu' })).toBeInTheDocument();
    act(() => resizeTo(800));
    expect(screen.getByRole('button', { name: 'Mở rộng menu' })).toBeInTheDocument();
    act(() => resizeTo(1280));
    expect(screen.getByRole('button', { name: 'Thu gọn menu' })).toBeInTheDocument();
  });
});

describe('sign out', () => {
  it('from the sidebar keeps the chosen language, forgets everything else and loads the login page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    signIn(makeUser());
    window.localStorage.setItem('locale', 'en');
    window.localStorage.setItem('callbackURL', '/volume');
    window.localStorage.setItem('cpu', '2');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });

    fireEvent.click(within(nav).getByRole('button', { name: 'Đăng xuất' }));

    expect({ ...window.localStorage }).toEqual({ locale: 'en' });
    expect(assign).toHaveBeenCalledWith('/idc/login');
  });

  it('from the user menu does the same', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    signIn(makeUser());
    window.localStorage.setItem('locale', 'vi');
    renderShell();

    fireEvent.click(await screen.findByRole('button', { name: 'Tài khoản Nguyễn Văn An' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Tài khoản' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Thanh toán' })).toHaveAttribute(
      'href',
      '/billing',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Đăng xuất' }));

    expect({ ...window.localStorage }).toEqual({ locale: 'vi' });
    expect(assign).toHaveBeenCalledWith('/idc/login');
  });
});

describe('the header', () => {
  it('shows the unpaid amount in dong, linking to billing', async () => {
    signIn(makeUser({ unpaid_amount: 1250000 }));
    renderShell();
    const amount = await screen.findByText('1.250.000 ₫');
    expect(amount.closest('a')).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('link', { name: 'Chưa thanh toán: 1.250.000 ₫' })).toBeInTheDocument();
  });

  it('names the user by full name, or by e-mail when there is none', async () => {
    signIn(makeUser({ fullname: '' }));
    renderShell();
    expect(
      await screen.findByRole('button', { name: 'Tài khoản an@example.vn' }),
    ).toHaveTextContent('an@example.vn');
  });

  it('shows the breadcrumb of the current page', async () => {
    signIn(makeUser());
    renderShell({ path: '/cloud-server/create' });
    const crumbs = await screen.findByRole('navigation', { name: 'Vị trí trang' });
    expect(within(crumbs).getByRole('link', { name: 'Cloud VPS' })).toHaveAttribute(
      'href',
      '/cloud-server',
    );
    expect(within(crumbs).getByText('Tạo mới')).toHaveAttribute('aria-current', 'page');
  });

  it('offers to create a server, a volume or an SSH key', async () => {
    signIn(makeUser());
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Tạo mới' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Máy chủ', '/cloud-server/create'],
      ['Volume', '/volume/create'],
      ['SSH Key', '/ssh-keys/create'],
    ]);
  });

  it('switches the language with the flags and remembers the choice', async () => {
    signIn(makeUser());
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });
});

describe('the footer', () => {
  it('gives the support hotline and e-mail as links', async () => {
    signIn(makeUser());
    renderShell();
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '1900 0000' })).toHaveAttribute(
      'href',
      'tel:19000000',
    );
    expect(within(footer).getByRole('link', { name: 'support@example.vn' })).toHaveAttribute(
      'href',
      'mailto:support@example.vn',
    );
  });
});

describe('the banners', () => {
  const trialStart = '2025-01-01T03:00:00Z';

  it('warn about overdue invoices, with a way to billing', async () => {
    signIn(makeUser({ has_expired_invoices: true }));
    renderShell();
    const banner = await screen.findByText(/Bạn có hoá đơn quá hạn thanh toán/);
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Thanh toán ngay' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('show the end date of a running trial as DD-MM-YYYY in Vietnam time', async () => {
    signIn(
      makeUser({
        trial: {
          active: true,
          start_date: trialStart,
          // 17:30 UTC on the 7th is 00:30 on the 8th in Vietnam.
          end_date: '2025-01-07T17:30:00Z',
          expired: false,
          plan_to_upgrade: 'vps-01',
          amount_to_upgrade: 300000,
        },
      }),
    );
    renderShell();
    const banner = await screen.findByText(/đang dùng thử đến hết ngày 08-01-2025/);
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Thanh toán' })).toBeInTheDocument();
    const request = within(alert).getByRole('link', { name: 'Yêu cầu gia hạn dùng thử' });
    const target = new URL(request.getAttribute('href') as string, 'http://portal.test');
    expect(target.pathname).toBe('/ticket');
    expect(target.searchParams.get('subject')).toBe('Yêu cầu gia hạn dùng thử');
  });

  it('ask to upgrade when the trial has expired', async () => {
    signIn(
      makeUser({
        trial: {
          active: true,
          start_date: trialStart,
          end_date: '2025-01-08T03:00:00Z',
          expired: true,
          plan_to_upgrade: 'vps-01',
          amount_to_upgrade: 300000,
        },
      }),
    );
    renderShell();
    const banner = await screen.findByText(
      'Thời gian dùng thử của bạn đã kết thúc. Vui lòng nâng cấp tài khoản để tiếp tục sử dụng dịch vụ.',
    );
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Nâng cấp' })).toBeInTheDocument();
  });

  it('are absent for a paying customer in good standing', async () => {
    signIn(makeUser({ unpaid_amount: 1000 }));
    renderShell();
    await screen.findByText('1.000 ₫');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the session gate', () => {
  it('holds a user whose e-mail is not verified at /verify', async () => {
    signIn(makeUser({ email_verified: false }));
    renderShell();
    expect(await screen.findByText('verify page')).toBeInTheDocument();
  });

  it('shows /500 when loading the identity fails with a server error', async () => {
    vi.spyOn(authApi, 'getCurrentUser').mockRejectedValue(
      new HttpError('Internal Server Error', 500, { message: 'Internal Server Error' }),
    );
    signIn(null);
    renderShell();
    expect(await screen.findByText('server error page')).toBeInTheDocument();
  });
});

describe('breadcrumbTrail', () => {
  it.each([
    ['/dashboard', ['app.section.dashboard']],
    ['/cloud-server', ['app.section.cloud-server']],
    ['/cloud-server/create', ['app.section.cloud-server→/cloud-server', 'shell.breadcrumb.create']],
    ['/cloud-server/plans', ['app.section.cloud-server→/cloud-server', 'app.section.plans']],
    [
      '/cloud-server/plan/4',
      [
        'app.section.cloud-server→/cloud-server',
        'app.section.plans→/cloud-server/plans',
        'shell.breadcrumb.create',
      ],
    ],
    [
      '/cloud-server/12/detail',
      ['app.section.cloud-server→/cloud-server', 'shell.breadcrumb.detail'],
    ],
    ['/ticket/3/detail', ['app.section.ticket→/ticket', 'shell.breadcrumb.detail']],
    ['/billing/success', ['app.section.billing→/billing', 'shell.breadcrumb.payment_success']],
    ['/order/create', ['shell.breadcrumb.order→/order', 'shell.breadcrumb.create']],
    ['/somewhere/else', []],
  ])('%s reads %j', (path, expected) => {
    expect(
      breadcrumbTrail(path).map((crumb) => (crumb.to ? `${crumb.key}→${crumb.to}` : crumb.key)),
    ).toEqual(expected);
  });
});

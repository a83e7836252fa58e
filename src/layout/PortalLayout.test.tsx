// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { withToken } from '../../server/testing';
import type { TrialPackageList } from '../api/auth';
import { authProvider } from '../authProvider/authProvider';
import { formatDate } from '../domain/dates';
import { formatVnd } from '../domain/money';
import { lastDayPaid } from '../domain/periods';
import { lookupMessage } from '../i18n/interpolate';
import { vi as vietnamese } from '../i18n/vi';
import { CREATE_MENU_ENTRIES, MENU_ENTRIES } from '../portalResources';
import {
  CurrentLocation,
  fakeWindowWidth,
  renderShell,
  shellSandboxPerTest,
  signInAs,
} from './layoutTestHarness';
import { browserLocation } from './signOut';
import { displayName, type PortalIdentity } from './usePortalIdentity';

const shell = shellSandboxPerTest();
const sandbox = () => shell().sandbox;

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

/** Resolves once every canAccess question the render asked has been answered and shown. */
async function accessChecked(spy: { mock: { results: { value: unknown }[] } }) {
  await waitFor(() => expect(spy.mock.results.length).toBeGreaterThan(0));
  await act(async () => {
    await Promise.all(spy.mock.results.map((result) => result.value));
  });
}

const SPEC_SECTIONS = [
  'Tổng quan',
  'Bảng giá',
  'Cloud VPS',
  'Volume',
  'Snapshot',
  'SSH Key',
  'Hỗ trợ',
  'Tài khoản',
  'Thanh toán',
];

describe('the sidebar', () => {
  it('lists the sections, the account links and sign out, with the product logo to the dashboard', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    // Every declared entry but the agency's, main sections first, each in its language.
    const declared = [
      ...MENU_ENTRIES.filter((entry) => entry.group === 'main'),
      ...MENU_ENTRIES.filter((entry) => entry.group === 'account'),
    ].filter((entry) => !entry.access);
    expect(links).toEqual([
      ['IDC Cloud', '/dashboard'],
      ...declared.map((entry) => [lookupMessage(vietnamese, entry.labelKey), entry.to]),
    ]);
    // The spec's sections (§2 "Main shell") are among them, in its order.
    const labels = links.map(([label]) => label);
    expect(labels.filter((label) => SPEC_SECTIONS.includes(label ?? ''))).toEqual(SPEC_SECTIONS);
    expect(within(nav).getByRole('button', { name: 'Đăng xuất' })).toBeInTheDocument();
  });

  it('shows the agency item to an agency account', async () => {
    await signInAs(sandbox(), 'agency@example.vn');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(await within(nav).findByRole('link', { name: 'Đại lý' })).toHaveAttribute(
      'href',
      '/agency',
    );
  });

  it('hides the agency item from an ordinary customer', async () => {
    const canAccess = vi.spyOn(authProvider, 'canAccess');
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    await accessChecked(canAccess);
    expect(within(nav).getByRole('link', { name: 'Hỗ trợ' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Đại lý' })).not.toBeInTheDocument();
  });

  it('marks the current section, and the plans pages as Plans rather than Cloud VPS', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell({ path: '/cloud-server/plans' });
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(within(nav).getByRole('link', { name: 'Bảng giá' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Cloud VPS' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('collapses at 1024 px or less, reopens above, and the toggle still works in between', async () => {
    const resizeTo = fakeWindowWidth(1024);
    await signInAs(sandbox(), 'demo@example.vn');
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

  it('narrowed from a desktop to a phone, leaves no menu over the page', async () => {
    const resizeTo = fakeWindowWidth(1280);
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    await screen.findByRole('navigation', { name: 'Menu chính' });

    act(() => resizeTo(375));
    await screen.findByRole('button', { name: 'Mở menu' });
    // Role queries skip what is hidden from screen readers: the page must still be there, and
    // nothing modal may be open above it (it swallowed every tap).
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu chính' })).not.toBeInTheDocument();
    expect(document.querySelector('.MuiModal-root')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mở menu' }));
    expect(await screen.findByRole('navigation', { name: 'Menu chính' })).toBeInTheDocument();
  });
});

describe('sign out', () => {
  it('from the sidebar keeps the chosen language, forgets everything else and loads the login page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await signInAs(sandbox(), 'demo@example.vn');
    window.localStorage.setItem('locale', 'en');
    window.localStorage.setItem('callbackURL', '/volume');
    window.localStorage.setItem('cpu', '2');
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });

    fireEvent.click(within(nav).getByRole('button', { name: 'Đăng xuất' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/idc/login'));
    expect({ ...window.localStorage }).toEqual({ locale: 'en' });
    expect(sandbox().requests).toContain('DELETE /api/v1/auth/token');
  });

  it('from the user menu does the same', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const { user } = await signInAs(sandbox(), 'demo@example.vn');
    window.localStorage.setItem('locale', 'vi');
    renderShell();

    fireEvent.click(await screen.findByRole('button', { name: `Tài khoản ${user.fullname}` }));
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

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/idc/login'));
    expect({ ...window.localStorage }).toEqual({ locale: 'vi' });
  });
});

describe('the header', () => {
  it('shows the unpaid amount in dong, linking to billing', async () => {
    const { user } = await signInAs(sandbox(), 'expired@example.vn');
    expect(user.unpaid_amount).toBeGreaterThan(0);
    const unpaid = formatVnd(user.unpaid_amount);
    renderShell();
    const amount = await screen.findByText(unpaid);
    expect(amount.closest('a')).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('link', { name: `Chưa thanh toán: ${unpaid}` })).toBeInTheDocument();
  });

  it('names the user by full name', async () => {
    const { user } = await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    expect(
      await screen.findByRole('button', { name: `Tài khoản ${user.fullname}` }),
    ).toHaveTextContent(user.fullname);
  });

  it('names the user by e-mail when there is no full name', () => {
    const identity = { email: 'an@example.vn', fullname: ' ', fullName: '' } as PortalIdentity;
    expect(displayName(identity)).toBe('an@example.vn');
  });

  it('shows the breadcrumb of the current page', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell({ path: '/cloud-server/create' });
    const crumbs = await screen.findByRole('navigation', { name: 'Vị trí trang' });
    expect(within(crumbs).getByRole('link', { name: 'Cloud VPS' })).toHaveAttribute(
      'href',
      '/cloud-server',
    );
    expect(within(crumbs).getByText('Tạo mới')).toHaveAttribute('aria-current', 'page');
  });

  it('offers to create what the resources declare, a server, a volume and an SSH key among them', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Tạo mới' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    const offered = items.map((item) => [item.textContent, item.getAttribute('href')]);
    expect(offered).toEqual(
      CREATE_MENU_ENTRIES.map((entry) => [lookupMessage(vietnamese, entry.labelKey), entry.to]),
    );
    expect(offered).toEqual(
      expect.arrayContaining([
        ['Máy chủ', '/cloud-server/create'],
        ['Volume', '/volume/create'],
        ['SSH Key', '/ssh-keys/create'],
      ]),
    );
  });

  it('switches the language with the flags and remembers the choice', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });
});

describe('the footer', () => {
  it('gives the support hotline and e-mail as links', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
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
  it('warn about overdue invoices, with a way to billing', async () => {
    const { user } = await signInAs(sandbox(), 'whitelist@example.vn');
    expect(user.has_expired_invoices).toBe(true);
    renderShell();
    const banner = await screen.findByText(/Bạn có hoá đơn quá hạn thanh toán/);
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Thanh toán ngay' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('show the end date of a running trial as DD-MM-YYYY', async () => {
    const { user } = await signInAs(sandbox(), 'trial@example.vn');
    expect(user.trial).toMatchObject({ active: true, expired: false });
    const endDate = formatDate(user.trial.end_date as string);
    expect(endDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    renderShell();
    const banner = await screen.findByText(new RegExp(`đang dùng thử đến hết ngày ${endDate}`));
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Thanh toán' })).toBeInTheDocument();
    const request = within(alert).getByRole('link', { name: 'Yêu cầu gia hạn dùng thử' });
    const target = new URL(request.getAttribute('href') as string, 'http://portal.test');
    expect(target.pathname).toBe('/ticket');
    expect(target.searchParams.get('subject')).toBe('Yêu cầu gia hạn dùng thử');
  });

  it('ask to pay the ended trial’s one bill, with its amount and period, and nothing else to pay', async () => {
    const { token, user } = await signInAs(sandbox(), 'expired@example.vn');
    expect(user.trial).toMatchObject({ expired: true });
    const answer = await sandbox().app.inject({
      url: '/api/v1/auth/trial',
      headers: withToken(token),
    });
    const bill = answer.json() as TrialPackageList;
    // The sandbox bills the ended trial with one open invoice, the account's only overdue one.
    expect(bill.invoice_id).not.toBeNull();
    expect(user.unpaid_amount).toBe(bill.total);
    const [item] = bill.items;
    renderShell();
    const banner = await screen.findByText(
      `Thời gian dùng thử đã kết thúc ngày ${formatDate(user.trial.end_date as string)}. ` +
        `Hãy thanh toán hoá đơn dùng thử ${formatVnd(bill.total)} ` +
        `(từ ${formatDate(item!.start)} đến hết ${lastDayPaid(item!.end)}) để giữ máy chủ của bạn.`,
    );
    const alert = banner.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getAllByRole('button')).toHaveLength(1);
    // The trial's bill is the overdue invoice: no second banner asks to pay it again.
    expect(screen.queryByText(/Bạn có hoá đơn quá hạn thanh toán/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Thanh toán hoá đơn dùng thử' }));
    expect(await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' })).toBeInTheDocument();
  });

  it('are absent for a paying customer in good standing', async () => {
    const { user } = await signInAs(sandbox(), 'demo@example.vn');
    renderShell();
    await screen.findByRole('button', { name: `Tài khoản ${user.fullname}` });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the session gate', () => {
  it('holds a user whose e-mail is not verified at /verify', async () => {
    await signInAs(sandbox(), 'unverified@example.vn');
    renderShell();
    expect(await screen.findByText('verify page')).toBeInTheDocument();
  });

  it('shows /500 when loading the identity fails with a server error', async () => {
    await signInAs(sandbox(), 'demo@example.vn', { withoutUserInfo: true });
    // A real outage of the sandbox: the table every signed-in call reads is gone.
    shell().db.exec('ALTER TABLE sessions RENAME TO sessions_unreachable');
    renderShell();
    expect(await screen.findByText('server error page')).toBeInTheDocument();
    expect(sandbox().requests).toContain('GET /api/v1/auth/user');
  });
});

/** A page that fails to render at /broken, and shows where it is anywhere else. */
function FailsAtBroken() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('The page failed to render');
  return <CurrentLocation />;
}

/** The Vietnamese page error's message and button (PortalErrorPage). */
const PAGE_ERROR = vietnamese.app.error.generic;
const RETRY = vietnamese.app.action.retry;

describe('a page that fails to render', () => {
  it('shows the error page inside the shell, and the next page replaces it', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    // React reports the error it caught; the test is about what the customer sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell({ path: '/broken', page: <FailsAtBroken /> });

    expect(await screen.findByText(PAGE_ERROR)).toHaveRole('alert');
    expect(screen.getByRole('button', { name: RETRY })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Volume' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/volume');
    expect(screen.queryByText(PAGE_ERROR)).toBeNull();
  });
});

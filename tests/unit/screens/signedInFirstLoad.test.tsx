// @vitest-environment jsdom
/**
 * Issue 21: a signed-in page's first calls start at boot, beside the portal's code
 * (src/bootCalls.ts), and the screen takes each early answer instead of asking again. If a screen
 * changes what it asks first, its early calls would go unused: these tests fail then. And a list
 * shows at most a page a person reads.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { buildUrl } from '../../../src/api/client';
import { fetchCurrentUser } from '../../../src/authProvider/sessionCheck';
import { startBootCalls, untakenEarlyCalls } from '../../../src/bootCalls';
import { dataProvider } from '../../../src/dataProvider/dataProvider';
import {
  askEarly,
  earlyAnswers,
  earlyCallsFor,
  FIRST_CALLS,
  SESSION_CALL,
} from '../../../src/firstData/earlyCalls';
import { MAX_ROWS_PER_PAGE } from '../../../src/components/PortalList';
import { sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

/** Every URL fetched from now on, in order. */
function recordFetches(): string[] {
  const urls: string[] = [];
  const fetchOfTheGuard = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    urls.push(String(input));
    return fetchOfTheGuard(input, init);
  });
  return urls;
}

describe('the early calls of a signed-in page', () => {
  it.each(Object.keys(FIRST_CALLS))(
    '%s: each is made once, at boot, and taken by the screen',
    async (address) => {
      // An address with a record's id opens the first server of an account that has one.
      const withServer = address.includes(':id');
      const token = await signInAs(sandbox(), withServer ? 'agency@example.vn' : 'demo@example.vn');
      const servers = await api<{ items: { id: number }[] }>(
        sandbox(),
        token,
        'GET',
        '/cloud/servers',
      );
      const path = address.replace(':id', String(servers.body.items[0]?.id));
      const fetched = recordFetches();
      startBootCalls(path, '');
      const early = earlyCallsFor(path, '').map((call) => buildUrl(call.path, call.query));
      expect(fetched).toEqual(early);

      renderPortal(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
      await waitFor(() => expect(untakenEarlyCalls()).toEqual([]), { timeout: 15_000 });
      // Taken, not asked again: each early URL was fetched once, by the boot.
      for (const url of early) expect(fetched.filter((asked) => asked === url)).toHaveLength(1);
    },
  );

  it('asks only who is signed in on an address with a query, whose list calls differ', () => {
    expect(earlyCallsFor('/cloud-server', '?page=2')).toEqual([{ path: '/auth/user' }]);
    expect(earlyCallsFor('/volume', '')).toEqual([{ path: '/auth/user' }]);
  });

  it("asks for the record a server's page names, and for nothing on an address that is not one", () => {
    expect(earlyCallsFor('/cloud-server/42/detail', '')).toEqual([
      { path: '/auth/user' },
      { path: '/cloud/servers/42' },
    ]);
    for (const other of [
      '/cloud-server/create/detail',
      '/cloud-server/42',
      '/cloud-server/4 2/detail',
    ]) {
      expect(earlyCallsFor(other, '')).toEqual([{ path: '/auth/user' }]);
    }
  });

  it("never hands one account's early answer to another", async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    startBootCalls('/dashboard', '');
    await signInAs(sandbox(), 'trial@example.vn');
    const fetched = recordFetches();
    renderPortal('/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    await waitFor(() => expect(fetched).toContain(buildUrl('/auth/user')));
    expect(untakenEarlyCalls()).toContain(buildUrl('/auth/user'));
  });
});

describe('an early answer left untaken', () => {
  // On a busy phone the boot's small chunk can arrive after the portal has already checked the
  // session itself (the boot's answer to "who is signed in" is then taken by no one), or even
  // after the customer has changed something. No answer from before a change may be used after it.
  const bootAfterTheScreen = async () => {
    startBootCalls('/account', '');
    const sessionCall = buildUrl('/auth/user');
    expect(untakenEarlyCalls()).toEqual([sessionCall]);
    // Answered by the server now, before the change below.
    await earlyAnswers().get(sessionCall)?.answer;
  };

  it('is not what the header shows after the customer saves a new name', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const profile = (await screen.findByRole('region', {
      name: 'Thông tin cá nhân',
    })) as HTMLElement;
    const name = await within(profile).findByLabelText(/Họ và tên/);
    await bootAfterTheScreen();

    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Nguyễn Thị Mới');
    await user.click(within(profile).getByRole('button', { name: 'Lưu thông tin' }));

    expect(await screen.findByText('Đã lưu thông tin cá nhân.')).toBeVisible();
    expect(
      await screen.findByRole('button', { name: /Nguyễn Thị Mới/ }, { timeout: 5_000 }),
    ).toBeVisible();
  });

  it('is not the answer to a session check asked afresh after a change made elsewhere', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await bootAfterTheScreen();
    // Another tab renames the account.
    const renamed = await api(sandbox(), token, 'PATCH', '/account/profile', {
      fullname: 'Trần Văn Khác',
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    });
    expect(renamed.status).toBe(200);

    expect(await fetchCurrentUser({ fresh: true })).toMatchObject({ fullname: 'Trần Văn Khác' });
    expect(JSON.parse(localStorage.getItem('user_info') ?? '{}')).toMatchObject({
      fullname: 'Trần Văn Khác',
    });
  });

  it('is not found by a boot that runs only after the customer changed something', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // The first-data script asked at once, and was answered before the change.
    await askEarly(SESSION_CALL, token, 'vi').answer;
    await dataProvider.updateProfile({
      fullname: 'Lê Văn Sau',
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    });
    startBootCalls('/account', '');

    expect(await fetchCurrentUser()).toMatchObject({ fullname: 'Lê Văn Sau' });
  });
});

describe('a list page', () => {
  it(`shows at most ${MAX_ROWS_PER_PAGE} rows, whatever the address asks for`, async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    const fetched = recordFetches();
    renderPortal('/billing/history?perPage=1000');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/billing/history?perPage=${MAX_ROWS_PER_PAGE}`,
      ),
    );
    const listCall = (url: string) =>
      new URL(url).pathname.endsWith('/billing/balance_adjustments');
    await waitFor(() => expect(fetched.some(listCall)).toBe(true));
    const pageSizes = fetched
      .filter(listCall)
      .map((url) => new URL(url).searchParams.get('per_page'));
    expect(new Set(pageSizes)).toEqual(new Set([String(MAX_ROWS_PER_PAGE)]));
  });
});

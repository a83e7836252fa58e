// @vitest-environment jsdom
/**
 * Spec §8: a 500 goes to /500. A reload runs the session check (GET /auth/user) first; when the
 * sandbox answers it with its own 500, the customer sees the server-error page, still signed in,
 * not the dashboard as if nothing had happened.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { handlers } from '../../../server/handlers';
import { publicVi } from '../../../src/i18n/publicMessages';
import { Root } from '../../../src/Root';
import { startSandbox, type Sandbox } from '../../support/sandbox';
import { signInAs } from './portalHarness';

let sandbox: Sandbox;
let failing = true;
let root: ReactRoot | undefined;

/** Rendered as main.tsx does (createRoot, no act()), so React retries the lazy App by itself. */
function openPortal(path: string) {
  window.history.replaceState(null, '', path);
  root = createRoot(document.body.appendChild(document.createElement('div')));
  root.render(<Root initialLocale="vi" initialMessages={publicVi} />);
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  localStorage.clear();
  failing = true;
  sandbox = await startSandbox({
    handlers: {
      ...handlers,
      // What a broken database does to the session check, and to nothing else here.
      getCurrentUser: (context) => {
        if (failing) throw new Error('SQLITE_IOERR: disk I/O error');
        return handlers.getCurrentUser!(context);
      },
    },
  });
});

afterEach(async () => {
  root?.unmount();
  document.body.replaceChildren();
  await sandbox.close();
  expect(sandbox.outsideContract).toEqual([]);
});

describe('a 500 from the session check on a reload', () => {
  it('shows /500 and keeps the session; Home leads back to the dashboard', async () => {
    const token = await signInAs(sandbox, 'demo@example.vn');
    openPortal('/idc/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Lỗi hệ thống' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/idc/500');
    expect(sandbox.requests).toContain('GET /api/v1/auth/user');
    expect(localStorage.getItem('access_token')).toBe(token);

    failing = false;
    await userEvent.setup().click(screen.getByRole('link', { name: 'Trang chủ' }));
    expect(
      await screen.findByText('Bạn chưa có máy chủ nào.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/idc/dashboard');
  }, 30_000);
});

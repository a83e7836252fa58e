// @vitest-environment jsdom
/**
 * A public page whose code main.tsx loaded before React started draws in the first render; any
 * other shows the page's frame until its code arrives. Rendered as main.tsx does (createRoot, no
 * act()), so React retries a suspended page by itself, as in the browser.
 */
import { screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { publicVi } from '../../i18n/publicMessages';
import { PublicI18nProvider } from '../../i18n/PublicI18nProvider';
import { TranslatedNotifier } from '../../Root';
import type { PublicPagePath } from './navigation';
import { loadPublicPage, PublicPage } from './publicPages';

let root: Root | undefined;
const framesDrawn = { count: 0 };

function PageFrame() {
  useEffect(() => {
    framesDrawn.count += 1;
  }, []);
  return <p>frame with a spinner</p>;
}

function show(path: PublicPagePath) {
  window.history.replaceState(null, '', `/idc${path}`);
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <PublicI18nProvider initialLocale="vi" initialMessages={publicVi}>
      <TranslatedNotifier>
        <Suspense fallback={<PageFrame />}>
          <PublicPage path={path} />
        </Suspense>
      </TranslatedNotifier>
    </PublicI18nProvider>,
  );
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  framesDrawn.count = 0;
});
afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
});

describe('the public pages’ code', () => {
  it('draws a page loaded beforehand in the first render, never its fallback', async () => {
    await loadPublicPage('/forgot');
    show('/forgot');
    expect(await screen.findByRole('heading', { name: 'Quên mật khẩu' })).toBeVisible();
    expect(framesDrawn.count).toBe(0);
  });

  it('shows the page’s frame while its code downloads, then the page', async () => {
    show('/register');
    expect(await screen.findByText('frame with a spinner')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Đăng ký' })).toBeVisible();
    expect(screen.queryByText('frame with a spinner')).not.toBeInTheDocument();
  });
});

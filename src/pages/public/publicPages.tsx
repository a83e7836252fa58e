/**
 * The public pages' code, a small chunk per page, downloaded when a page is first shown.
 *
 * main.tsx loads the page at the address before React's first render, so it draws in one go.
 * A page that suspends instead shows the Suspense fallback first, and React then holds the page
 * back until that fallback has been on screen for 300 ms (its fallback throttle): on a phone
 * that delayed the login form by a third of a second.
 */
import { lazy, use, type ComponentType } from 'react';

import type { PublicPagePath } from './navigation';

const PAGE_MODULES: Record<PublicPagePath, () => Promise<{ default: ComponentType }>> = {
  '/login': () => import('./LoginPage'),
  '/register': () => import('./RegisterPage'),
  '/forgot': () => import('./ForgotPasswordPage'),
  '/password_resets': () => import('./PasswordResetPage'),
  '/confirm': () => import('./ConfirmEmailPage'),
  '/verify': () => import('./VerifyEmailPage'),
  '/500': () => import('./ServerErrorPage'),
};

/**
 * Two-step sign-in's code form, which the login page shows after the password (issue 20).
 * Imported from here, the entry, it names no file the login page has not already preloaded.
 */
export const SecondStep = lazy(() => import('./CodeStep'));

/** A page's download; `status` and `value` are what React's use() reads to skip suspending. */
type PageDownload = Promise<ComponentType> & { status?: 'fulfilled'; value?: ComponentType };

const pageDownloads = new Map<PublicPagePath, PageDownload>();

/** The page's component, downloaded once; a failed download fails every later use too. */
export function loadPublicPage(path: PublicPagePath): Promise<ComponentType> {
  let download = pageDownloads.get(path);
  if (!download) {
    const started: PageDownload = PAGE_MODULES[path]().then(({ default: page }) => {
      // Marked as React marks the promises it has seen settle: use() then returns the page at
      // once instead of suspending on a promise that is already done.
      started.status = 'fulfilled';
      started.value = page;
      return page;
    });
    download = started;
    pageDownloads.set(path, download);
  }
  return download;
}

/**
 * The page at `path`: drawn at once when its code is already here, otherwise it suspends until
 * the code arrives. A failed download goes to the nearest error boundary.
 */
export function PublicPage({ path }: { path: PublicPagePath }) {
  const Page = use(loadPublicPage(path));
  // The module's own component, the same one at every render of the same path.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

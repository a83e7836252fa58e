import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { Root } from './Root';
import { getStoredLocale } from './i18n/locale';
import { loadStartingMessages } from './i18n/publicMessages';
import { currentLocation, publicPageAt } from './pages/public/navigation';
import { loadPublicPage } from './pages/public/publicPages';

const storedLocale = getStoredLocale();
document.documentElement.lang = storedLocale;
const { pathname, search } = currentLocation();
const publicPage = publicPageAt(pathname);
// A signed-in page: the portal's code, and the page's session check, data and code, start now,
// side by side, rather than after the messages and the first render.
if (!publicPage) {
  // The calls first: their small chunk must not queue behind the portal's many.
  void import('./bootCalls').then((boot) => boot.startBootCalls(pathname, search));
  void import('./App');
}

// Until React draws, index.html shows the page's frame with a spinner (no JavaScript needed).
// The page's code (preloaded by index.html) and its messages arrive side by side, so React's
// first render draws the page itself. A page that failed to download is rendered anyway, and
// Root's error boundary says so.
void Promise.all([
  loadStartingMessages(storedLocale),
  publicPage ? loadPublicPage(publicPage).catch(() => undefined) : undefined,
]).then(([{ locale, messages }]) => {
  document.documentElement.lang = locale;
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Root initialLocale={locale} initialMessages={messages} />
    </StrictMode>,
  );
});

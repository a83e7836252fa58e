import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { Root } from './Root';
import { getStoredLocale } from './i18n/locale';
import { loadPublicMessages } from './i18n/publicMessages';

const locale = getStoredLocale();
document.documentElement.lang = locale;

// Until React draws, index.html shows the page's frame with a spinner (no JavaScript needed).
void loadPublicMessages(locale).then((messages) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Root initialLocale={locale} initialMessages={messages} />
    </StrictMode>,
  );
});

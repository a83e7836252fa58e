import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { Root } from './Root';
import { getStoredLocale, loadMessages } from './i18n/locale';

const locale = getStoredLocale();
document.documentElement.lang = locale;

void loadMessages(locale).then((messages) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <BrowserRouter basename="/idc">
        <Root initialLocale={locale} initialMessages={messages} />
      </BrowserRouter>
    </StrictMode>,
  );
});

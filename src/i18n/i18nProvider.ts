/** react-admin's i18nProvider: polyglot over the same message files as the public pages. */
import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';

import { isLocale, loadMessages, storeLocale } from './locale';
import type { Locale } from '../domain/constants';
import type { MessageTree } from './interpolate';

/** The starting language's messages must already be loaded: polyglot needs them synchronously. */
export function createI18nProvider(
  initialLocale: Locale,
  initialMessages: MessageTree,
  onLocaleChange: (locale: Locale) => Promise<void>,
) {
  const provider = polyglotI18nProvider(
    (locale: string) =>
      (locale === initialLocale
        ? initialMessages
        : loadMessages(isLocale(locale) ? locale : 'vi')) as TranslationMessages,
    initialLocale,
    [
      { locale: 'vi', name: 'Tiếng Việt' },
      { locale: 'en', name: 'English' },
    ],
  );
  return {
    ...provider,
    changeLocale: async (locale: string) => {
      await provider.changeLocale(locale);
      if (isLocale(locale)) {
        storeLocale(locale);
        await onLocaleChange(locale);
      }
    },
  };
}

/**
 * Switching the language without losing what the customer typed. react-admin, when its stored
 * locale changes, loads the messages and then mounts the whole page afresh (a new `key` on its
 * I18nContextProvider), which empties every open form. The portal changes the i18nProvider's
 * language itself first, so react-admin finds it already changed and mounts nothing; a new i18n
 * context value then redraws every translated text in place.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import {
  I18nContext,
  useI18nProvider,
  useLocaleState,
  useNotify,
  type I18nProvider,
} from 'react-admin';

import type { Locale } from '../domain/constants';

/** The same translations, as a new context value for each language. */
const speaking = (provider: I18nProvider, locale: string): I18nProvider => ({
  ...provider,
  getLocale: () => locale,
});

/** Inside react-admin's context: hands the page a new i18n context when the language changes. */
export function LanguageFollowingI18n({ children }: { children: ReactNode }) {
  const i18nProvider = useI18nProvider();
  const [locale] = useLocaleState();
  const value = useMemo(() => speaking(i18nProvider, locale), [i18nProvider, locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Changes the language: its messages first, then react-admin's stored locale. What the API said
 * in the old language (lists, messages) is asked again in the new one; open forms keep their values.
 */
export function useSwitchLanguage(): (locale: Locale) => Promise<void> {
  const i18nProvider = useI18nProvider();
  const [, setLocale] = useLocaleState();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (locale) => {
    try {
      await i18nProvider.changeLocale(locale);
    } catch {
      notify('ra.notification.i18n_error', { type: 'error' });
      return;
    }
    setLocale(locale);
    await queryClient.invalidateQueries();
  };
}

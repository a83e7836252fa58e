/**
 * Translation for the public pages (login, register, …), which run without react-admin so the
 * first download stays small. Same message files and language key as the signed-in portal, but
 * only the public areas of them (publicMessages.ts).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

import type { Locale } from '../domain/constants';
import { translateWith, type MessageTree } from './interpolate';
import { storeLocale } from './locale';
import { loadPublicMessages, publicVi } from './publicMessages';

interface PublicI18n {
  locale: Locale;
  messages: MessageTree;
  translate: (key: string, params?: Record<string, unknown>) => string;
  changeLocale: (locale: Locale) => Promise<void>;
}

const PublicI18nContext = createContext<PublicI18n | null>(null);

export function PublicI18nProvider(props: {
  initialLocale: Locale;
  initialMessages: MessageTree;
  children: ReactNode;
}) {
  const [state, setState] = useState({
    locale: props.initialLocale,
    messages: props.initialMessages,
  });

  const changeLocale = useCallback(async (locale: Locale) => {
    const messages = await loadPublicMessages(locale);
    storeLocale(locale);
    setState({ locale, messages });
  }, []);

  const value = useMemo<PublicI18n>(
    () => ({
      locale: state.locale,
      messages: state.messages,
      translate: (key, params) => translateWith(state.messages, publicVi, key, params),
      changeLocale,
    }),
    [state, changeLocale],
  );

  return <PublicI18nContext.Provider value={value}>{props.children}</PublicI18nContext.Provider>;
}

export function usePublicI18n(): PublicI18n {
  const context = useContext(PublicI18nContext);
  if (!context) throw new Error('usePublicI18n must be used inside PublicI18nProvider');
  return context;
}

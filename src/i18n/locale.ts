/** The chosen language, kept in browser storage under its own key so sign-out keeps it. */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/constants';
import type { MessageTree } from './interpolate';
import { vi } from './vi';

const LOCALE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function getStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLocale(locale: Locale): void {
  window.localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
}

/**
 * The portal's messages in one language, react-admin's own `ra.*` included. Vietnamese ships in
 * the first download; English is fetched only when chosen.
 */
export async function loadMessages(locale: Locale): Promise<MessageTree> {
  if (locale === 'vi') return vi;
  const { englishMessages } = await import('./englishMessages');
  return englishMessages;
}

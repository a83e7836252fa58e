/** The chosen language, kept in browser storage under its own key so sign-out keeps it. */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/constants';
import type { MessageTree } from './interpolate';

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

const portalMessages = new Map<Locale, Promise<MessageTree>>();

/**
 * The whole portal's messages in one language, react-admin's own `ra.*` included, downloaded with
 * the signed-in portal (the public pages load only theirs: publicMessages.ts); what only the
 * sandbox says is not among them (messageSlices.ts). One download per
 * language: the same promise is handed out each time.
 */
export function loadMessages(locale: Locale): Promise<MessageTree> {
  let messages = portalMessages.get(locale);
  if (!messages) {
    messages =
      locale === 'vi'
        ? import('virtual:messages/vi/portal').then((module) => module.default)
        : import('./englishMessages').then((module) => module.englishMessages);
    portalMessages.set(locale, messages);
  }
  return messages;
}

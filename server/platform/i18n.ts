/**
 * Picks the answer's language from Accept-Language and translates message keys. Reads the
 * portal's message files, which are plain data (the import-direction lint keeps them so).
 */
import { en } from '../../src/i18n/en';
import { translateWith, type MessageTree } from '../../src/i18n/interpolate';
import { vi } from '../../src/i18n/vi';
import type { Locale } from '../../src/domain/constants';

/**
 * Every dotted key that leads to a string in the message files, e.g. 'server.invalid_credentials';
 * react-admin's own `ra.*` messages are the portal's business, not the API's.
 */
export type MessageKey = LeafKeys<Omit<typeof vi, 'ra'>>;
type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

export type Translate = (key: MessageKey, params?: Record<string, unknown>) => string;

const catalogues: Record<Locale, MessageTree> = { vi, en };

export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'vi';
}

export function translator(locale: Locale): Translate {
  const fallback = locale === 'vi' ? catalogues.en : catalogues.vi;
  return (key, params) => translateWith(catalogues[locale], fallback, key, params);
}

/** For keys computed at run time, such as those the shared validators return. */
export function translateAny(
  locale: Locale,
  key: string,
  params?: Record<string, unknown>,
): string {
  return translator(locale)(key as MessageKey, params);
}

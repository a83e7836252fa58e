/**
 * The messages of the public pages (login, register, …): only the areas they translate, picked
 * from vi.ts and en.ts at build time (messageSlices.ts, vite.config.ts), so the first download
 * does not carry the whole portal's text. Vietnamese ships with it; English is fetched if chosen.
 */
import publicVi from 'virtual:messages/vi/public';

import type { Locale } from '../domain/constants';
import type { MessageTree } from './interpolate';

export { publicVi };

const importPublicEnglish = async () => (await import('virtual:messages/en/public')).default;

export async function loadPublicMessages(
  locale: Locale,
  importEnglish: () => Promise<MessageTree> = importPublicEnglish,
): Promise<MessageTree> {
  if (locale === 'vi') return publicVi;
  return importEnglish();
}

/**
 * The language the portal starts in, with its public messages. If the stored language's messages
 * cannot be downloaded, the portal starts in Vietnamese (shipped with the first download) rather
 * than leaving the first paint's spinner up for ever.
 */
export async function loadStartingMessages(
  storedLocale: Locale,
  importEnglish: () => Promise<MessageTree> = importPublicEnglish,
): Promise<{ locale: Locale; messages: MessageTree }> {
  try {
    return {
      locale: storedLocale,
      messages: await loadPublicMessages(storedLocale, importEnglish),
    };
  } catch {
    return { locale: 'vi', messages: publicVi };
  }
}

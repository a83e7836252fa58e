/**
 * The messages of the public pages (login, register, …): only the areas they translate, picked
 * from vi.ts and en.ts at build time (messageSlices.ts, vite.config.ts), so the first download
 * does not carry the whole portal's text. Vietnamese ships with it; English is fetched if chosen.
 */
import publicVi from 'virtual:messages/vi/public';

import type { Locale } from '../domain/constants';
import type { MessageTree } from './interpolate';

export { publicVi };

export async function loadPublicMessages(locale: Locale): Promise<MessageTree> {
  if (locale === 'vi') return publicVi;
  return (await import('virtual:messages/en/public')).default;
}

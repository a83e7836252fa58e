/**
 * The portal's English: our messages (en.ts, without what only the sandbox says) with
 * react-admin's own `ra.*` from its English pack.
 * Kept apart from en.ts, which stays plain data for the sandbox; loaded only when English is chosen.
 */
import reactAdminEnglish from 'ra-language-english';
import en from 'virtual:messages/en/portal';

import type { MessageTree } from './interpolate';

export const englishMessages: MessageTree = { ...en, ra: reactAdminEnglish.ra as MessageTree };

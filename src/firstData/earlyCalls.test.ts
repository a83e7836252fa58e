// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { buildUrl } from '../api/client';
import { STORAGE_KEYS } from '../authProvider/sessionStore';
import { config } from '../config';
import { AUTH_HEADER_PREFIX } from '../domain/constants';
import { storeLocale } from '../i18n/locale';
import {
  API_BASE_URL,
  earlyCallsFor,
  earlyCallUrl,
  FIRST_CALLS,
  LOCALE_STORAGE_KEY,
  TOKEN_HEADER_PREFIX,
  TOKEN_STORAGE_KEY,
} from './earlyCalls';

describe('the early calls, written out so that the first-data script imports nothing', () => {
  it('read the session and the language where the portal keeps them', () => {
    expect(TOKEN_STORAGE_KEY).toBe(STORAGE_KEYS.accessToken);
    storeLocale('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(TOKEN_HEADER_PREFIX).toBe(AUTH_HEADER_PREFIX);
    expect(API_BASE_URL).toBe(config.apiBaseUrl);
  });

  it.each(Object.keys(FIRST_CALLS))('%s: asks the very URLs the portal asks', (address) => {
    const calls = earlyCallsFor(address.replace(':id', '7'), '');
    expect(calls).toHaveLength(1 + (FIRST_CALLS[address]?.length ?? 0));
    for (const call of calls) {
      expect(earlyCallUrl(call)).toBe(buildUrl(call.path, call.query));
    }
  });
});

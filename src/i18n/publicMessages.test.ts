import { describe, expect, it } from 'vitest';

import { loadStartingMessages, publicVi } from './publicMessages';

describe('the messages the portal starts with', () => {
  it('are the stored language when they download', async () => {
    const english = { app: { page: { login: 'Sign in' } } };
    await expect(loadStartingMessages('en', () => Promise.resolve(english))).resolves.toEqual({
      locale: 'en',
      messages: english,
    });
  });

  it('fall back to Vietnamese when the stored language cannot be downloaded', async () => {
    const offline = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const started = await loadStartingMessages('en', offline);
    expect(started).toEqual({ locale: 'vi', messages: publicVi });
    expect(JSON.stringify(started.messages)).toContain('Đăng nhập');
  });
});

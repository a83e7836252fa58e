// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import {
  forgetTopUpReturn,
  isAppPath,
  rememberTopUpReturn,
  topUpPath,
  topUpReturnPath,
} from './topUpPath';

afterEach(() => {
  sessionStorage.clear();
});

describe('the way to a top-up and back', () => {
  it('opens billing with the top-up dialog for the missing amount', () => {
    expect(topUpPath(154_000)).toBe('/billing?amount=154000&topup=1');
  });

  it.each(['/order/create?id=7', '/cloud-server/3/detail', '/'])(
    'keeps the app path %s',
    (path) => {
      rememberTopUpReturn(path);
      expect(topUpReturnPath()).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/order',
    '/\\evil.example',
    '/\t/evil.example',
    'order/create?id=7',
    'javascript:alert(1)',
    '',
  ])('never keeps %j, and drops what was kept before', (path) => {
    rememberTopUpReturn('/order/create?id=7');
    rememberTopUpReturn(path);
    expect(topUpReturnPath()).toBeNull();
  });

  it('ignores a stored value that is not an app path', () => {
    sessionStorage.setItem('topup_return_path', '//evil.example');
    expect(topUpReturnPath()).toBeNull();
    expect(isAppPath('//evil.example')).toBe(false);
  });

  it('forgets the way back', () => {
    rememberTopUpReturn('/order/create?id=7');
    forgetTopUpReturn();
    expect(topUpReturnPath()).toBeNull();
  });
});

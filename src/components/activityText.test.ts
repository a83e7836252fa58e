import { describe, expect, it } from 'vitest';

import { ACTIVITY_KINDS } from '../domain/activity';
import { en } from '../i18n/en';
import { lookupMessage, translateWith, type MessageTree } from '../i18n/interpolate';
import { vi } from '../i18n/vi';
import { activityText, deviceText } from './activityText';

const translatorFor =
  (messages: MessageTree) => (key: string, options?: Record<string, unknown>) =>
    lookupMessage(messages, key) === undefined && typeof options?._ === 'string'
      ? options._
      : translateWith(messages, messages, key, options);

describe('activityText', () => {
  it.each([
    ['vi', vi],
    ['en', en],
  ])('has a message for every kind of event in %s', (_name, messages) => {
    const missing = ACTIVITY_KINDS.filter(
      (kind) =>
        lookupMessage(messages as MessageTree, `account.activity.kind.${kind}`) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('says the facts in words: amounts in dong, methods and power actions', () => {
    const translate = translatorFor(vi as MessageTree);
    expect(
      activityText(
        { kind: 'top_up', detail: { amount: 500000, method: 'bank_transfer', reference: 'NAP1' } },
        translate,
      ),
    ).toBe('Nạp 500.000 ₫ vào số dư qua chuyển khoản ngân hàng');
    expect(
      activityText(
        { kind: 'server_power', detail: { server: 'web-01', action: 'power_off' } },
        translate,
      ),
    ).toBe('Máy chủ web-01: tắt máy');
    expect(
      activityText(
        { kind: 'server_power', detail: { server: 'web-01', action: 'suspend' } },
        translate,
      ),
    ).toBe('Máy chủ web-01: suspend');
  });

  it('names the customer on the agency’s event and the agency on the customer’s', () => {
    const translate = translatorFor(en as MessageTree);
    const detail = { email: 'lan@example.vn', name: 'Đỗ Thị Lan' };
    expect(activityText({ kind: 'agency_account_created', detail }, translate)).toBe(
      'Created the customer account Đỗ Thị Lan (lan@example.vn)',
    );
    expect(
      activityText(
        { kind: 'agency_account_created', detail: { agency: 'agency@example.vn' } },
        translate,
      ),
    ).toBe('Account created by the agency agency@example.vn');
  });
});

describe('the events of sessions and tokens', () => {
  it('names the session signed out, or counts them, and names the token', () => {
    const translate = translatorFor(vi as MessageTree);
    const session = { browser: 'Firefox 133', os: 'Linux', address: '203.0.113.5' };
    expect(activityText({ kind: 'session_revoked', detail: session }, translate)).toBe(
      'Đăng xuất phiên đăng nhập trên Firefox 133 · Linux · 203.0.113.5',
    );
    expect(activityText({ kind: 'session_revoked', detail: { count: 2 } }, translate)).toBe(
      'Đăng xuất 2 phiên đăng nhập khác',
    );
    expect(
      activityText({ kind: 'api_token_created', detail: { name: 'ci', scope: 'read' } }, translate),
    ).toBe('Tạo API token “ci”');
  });
});

describe('deviceText', () => {
  it('names the browser and system, or says it is unknown', () => {
    const translate = translatorFor(vi as MessageTree);
    expect(
      deviceText(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        translate,
      ),
    ).toBe('Chrome 131 · Windows');
    expect(deviceText('lightMyRequest', translate)).toBe('Không rõ thiết bị');
  });
});

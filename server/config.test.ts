import { describe, expect, it } from 'vitest';
import { DEFAULT_LIFE_POLICY } from '../src/domain/serviceLife';
import { DEFAULT_DB_FILE, readConfig } from './config';
import { DEFAULT_CARD_GATEWAY } from './billing/gateways/cardGateway';
import { DEFAULT_SELLER } from './billing/invoiceDocument';

describe('reading the environment', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dbFile: DEFAULT_DB_FILE,
      publicUrl: 'http://localhost:8080',
      buildSeconds: 20,
      serverQuota: 10,
      validateResponses: false,
      sessions: { idleDays: 30, maxDays: 90 },
      rateLimits: {
        loginFailuresPerEmail: 10,
        loginFailuresPerAddress: 30,
        mailsPerHour: 5,
        linkAttemptsPer15Min: 20,
        registrationsPerHour: 20,
        resetRequestsPerAddressPerHour: 10,
        creationsPerHour: 100,
        couponTriesPer15Min: 20,
      },
      accountLimits: {
        openTickets: 20,
        pendingOrders: 20,
        pendingPayments: 10,
        agencyAccountsPerDay: 20,
      },
      cardGateway: DEFAULT_CARD_GATEWAY,
      usdRate: 25_500,
      supportReplySeconds: 20,
      lifePolicy: { renewalNoticeDays: 7, graceDays: 7, terminateAfterDays: 30 },
      seller: DEFAULT_SELLER,
    });
    expect(readConfig({}).lifePolicy).toEqual(DEFAULT_LIFE_POLICY);
    expect(DEFAULT_DB_FILE).toMatch(/[\\/]data[\\/]sandbox\.db$/);
  });

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '9000',
        HOST: '0.0.0.0',
        SANDBOX_DB: ':memory:',
        SANDBOX_PUBLIC_URL: 'https://portal.example.vn/',
        SANDBOX_BUILD_SECONDS: '0',
        SANDBOX_SERVER_QUOTA: '3',
        SANDBOX_VALIDATE_RESPONSES: 'true',
        SANDBOX_SESSION_IDLE_DAYS: '7',
        SANDBOX_SESSION_MAX_DAYS: '14',
        SANDBOX_LOGIN_FAILURES_PER_EMAIL: '3',
        SANDBOX_LOGIN_FAILURES_PER_ADDRESS: '6',
        SANDBOX_MAILS_PER_HOUR: '2',
        SANDBOX_LINK_ATTEMPTS_PER_15MIN: '4',
        SANDBOX_REGISTRATIONS_PER_HOUR: '5',
        SANDBOX_RESETS_PER_ADDRESS_PER_HOUR: '7',
        SANDBOX_CREATIONS_PER_HOUR: '13',
        SANDBOX_COUPON_TRIES_PER_15MIN: '14',
        SANDBOX_OPEN_TICKETS: '8',
        SANDBOX_PENDING_ORDERS: '9',
        SANDBOX_PENDING_PAYMENTS: '11',
        SANDBOX_AGENCY_ACCOUNTS_PER_DAY: '12',
        SANDBOX_CARD_MERCHANT: 'IDCPROD',
        SANDBOX_CARD_ACCESS_CODE: 'ACCESS42',
        SANDBOX_CARD_SECRET: '00112233445566778899aabbccddeeff',
        SANDBOX_USD_RATE: '24000',
        SANDBOX_SUPPORT_REPLY_SECONDS: '2',
        SANDBOX_RENEWAL_NOTICE_DAYS: '3',
        SANDBOX_GRACE_DAYS: '2',
        SANDBOX_TERMINATE_DAYS: '10',
        SANDBOX_SELLER_NAME: 'Công ty Cổ phần Mây Việt',
        SANDBOX_SELLER_TAX_CODE: '0312345678-001',
        SANDBOX_SELLER_ADDRESS: '12 Nguyễn Huệ, TP. Hồ Chí Minh',
      }),
    ).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dbFile: ':memory:',
      publicUrl: 'https://portal.example.vn',
      buildSeconds: 0,
      serverQuota: 3,
      validateResponses: true,
      sessions: { idleDays: 7, maxDays: 14 },
      rateLimits: {
        loginFailuresPerEmail: 3,
        loginFailuresPerAddress: 6,
        mailsPerHour: 2,
        linkAttemptsPer15Min: 4,
        registrationsPerHour: 5,
        resetRequestsPerAddressPerHour: 7,
        creationsPerHour: 13,
        couponTriesPer15Min: 14,
      },
      accountLimits: {
        openTickets: 8,
        pendingOrders: 9,
        pendingPayments: 11,
        agencyAccountsPerDay: 12,
      },
      cardGateway: {
        merchant: 'IDCPROD',
        accessCode: 'ACCESS42',
        secret: '00112233445566778899aabbccddeeff',
      },
      usdRate: 24_000,
      supportReplySeconds: 2,
      lifePolicy: { renewalNoticeDays: 3, graceDays: 2, terminateAfterDays: 10 },
      seller: {
        name: 'Công ty Cổ phần Mây Việt',
        tax_code: '0312345678-001',
        address: '12 Nguyễn Huệ, TP. Hồ Chí Minh',
      },
    });
  });

  it('refuses a seller tax code that is not one', () => {
    expect(() => readConfig({ SANDBOX_SELLER_TAX_CODE: '12345' })).toThrow(
      /SANDBOX_SELLER_TAX_CODE/,
    );
  });

  it('refuses a card secret that is not hex of at least 16 bytes', () => {
    expect(() => readConfig({ SANDBOX_CARD_SECRET: 'not-hex' })).toThrow(/SANDBOX_CARD_SECRET/);
    expect(() => readConfig({ SANDBOX_CARD_SECRET: 'ABCD' })).toThrow(/SANDBOX_CARD_SECRET/);
  });

  it('puts mailed links on the chosen port of this machine by default', () => {
    expect(readConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it.each(['1', 'TRUE', '0', 'false', ''])('reads SANDBOX_VALIDATE_RESPONSES=%s', (value) => {
    expect(readConfig({ SANDBOX_VALIDATE_RESPONSES: value }).validateResponses).toBe(
      value === '1' || value.toLowerCase() === 'true',
    );
  });

  it('keeps an absolute cap of sessions no shorter than their idle expiry', () => {
    expect(readConfig({ SANDBOX_SESSION_IDLE_DAYS: '120' }).sessions).toEqual({
      idleDays: 120,
      maxDays: 120,
    });
    expect(() =>
      readConfig({ SANDBOX_SESSION_IDLE_DAYS: '30', SANDBOX_SESSION_MAX_DAYS: '7' }),
    ).toThrow('SANDBOX_SESSION_MAX_DAYS');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SANDBOX_BUILD_SECONDS', '-1'],
    ['SANDBOX_SERVER_QUOTA', 'ten'],
    ['SANDBOX_SERVER_QUOTA', '-1'],
    ['SANDBOX_PUBLIC_URL', 'portal.example.vn'],
    ['SANDBOX_PUBLIC_URL', 'ftp://portal.example.vn'],
    ['SANDBOX_VALIDATE_RESPONSES', 'yes'],
    ['SANDBOX_SESSION_IDLE_DAYS', '0'],
    ['SANDBOX_USD_RATE', '25.5'],
    ['SANDBOX_USD_RATE', '0'],
    ['SANDBOX_SESSION_MAX_DAYS', 'ninety'],
    ['SANDBOX_LOGIN_FAILURES_PER_EMAIL', '0'],
    ['SANDBOX_LOGIN_FAILURES_PER_ADDRESS', '2.5'],
    ['SANDBOX_MAILS_PER_HOUR', '-5'],
    ['SANDBOX_LINK_ATTEMPTS_PER_15MIN', 'many'],
    ['SANDBOX_REGISTRATIONS_PER_HOUR', '0'],
    ['SANDBOX_RENEWAL_NOTICE_DAYS', 'week'],
    ['SANDBOX_GRACE_DAYS', '-1'],
    ['SANDBOX_TERMINATE_DAYS', '1.5'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });

  it('terminates only after suspending: SANDBOX_TERMINATE_DAYS must pass SANDBOX_GRACE_DAYS', () => {
    expect(() => readConfig({ SANDBOX_GRACE_DAYS: '10', SANDBOX_TERMINATE_DAYS: '10' })).toThrow(
      'SANDBOX_TERMINATE_DAYS',
    );
    expect(() => readConfig({ SANDBOX_GRACE_DAYS: '40' })).toThrow('SANDBOX_TERMINATE_DAYS');
    expect(
      readConfig({ SANDBOX_GRACE_DAYS: '9', SANDBOX_TERMINATE_DAYS: '10' }).lifePolicy,
    ).toEqual({ renewalNoticeDays: 7, graceDays: 9, terminateAfterDays: 10 });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { findLinks } from '../platform/outbox';
import { apiAs, NEW_CUSTOMER, register, signIn, testApp } from '../testing';

// Only some tests start an app; each closes the one it started, and none closes another's.
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the outbox as JSON (/sandbox/outbox)', () => {
  it('lists mails newest first with their absolute links', async () => {
    let clock;
    ({ app, clock } = await testApp());
    await register(app);
    clock.advance(60_000);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email: NEW_CUSTOMER.email },
    });

    const response = await app.inject({ url: '/sandbox/outbox' });

    expect(response.statusCode).toBe(200);
    const mails = response.json() as { sent_at: string; subject: string }[];
    // The demo accounts' life-cycle mails of the start come after these two, newest first.
    const sentAt = mails.map((mail) => mail.sent_at);
    expect(sentAt).toEqual([...sentAt].sort().reverse());
    expect(mails[0]).toEqual({
      to: NEW_CUSTOMER.email,
      subject: 'Đặt lại mật khẩu / Reset your password',
      text: expect.stringContaining('/idc/password_resets?token='),
      links: [
        expect.stringMatching(/^http:\/\/localhost:8080\/idc\/password_resets\?token=[\w-]+$/),
      ],
      sent_at: '2025-03-01T08:01:00.000Z',
    });
    expect(mails[1]!.subject).toBe('Xác nhận địa chỉ email / Confirm your e-mail address');
    expect(mails[1]!.sent_at).toBe('2025-03-01T08:00:00.000Z');
  });

  it('filters by recipient, ignoring case', async () => {
    ({ app } = await testApp());
    await register(app);
    await register(app, { email: 'other@example.vn' });

    const response = await app.inject({ url: '/sandbox/outbox?to=LAN@Example.vn' });

    expect(response.json().map((mail: { to: string }) => mail.to)).toEqual([NEW_CUSTOMER.email]);
  });
});

describe('the outbox page (/sandbox)', () => {
  it('shows the mails with their links clickable', async () => {
    ({ app } = await testApp());
    await register(app);

    const response = await app.inject({ url: '/sandbox' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Xác nhận địa chỉ email');
    expect(response.body).toMatch(/<a href="http:\/\/localhost:8080\/idc\/confirm\?token=[\w-]+">/);
  });

  it('shows when each mail was sent in Vietnam time, as the clock beside it is', async () => {
    let clock;
    ({ app, clock } = await testApp({ seed: false }));
    clock.advance((9 * 60 + 30) * 60_000);
    await register(app);

    const response = await app.inject({ url: '/sandbox' });

    // 17:30 UTC is half past midnight of the next day in Vietnam (UTC+7).
    expect(response.body).toContain(
      '<time datetime="2025-03-01T17:30:00.000Z">02-03-2025 00:30</time>',
    );
  });

  it('escapes what users wrote, such as a name that looks like HTML', async () => {
    ({ app } = await testApp());
    // A confirmed account's name reaches its mails (an unconfirmed one is greeted by address).
    const demo = apiAs(app, await signIn(app, 'demo@example.vn'));
    const renamed = await demo.patch('/account/profile', {
      fullname: '<script>alert("x")</script> & Co',
    });
    expect(renamed.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email: 'demo@example.vn' },
    });

    const response = await app.inject({ url: '/sandbox?to=%22%3E%3Cb%3E' });

    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('"><b>');
    const all = await app.inject({ url: '/sandbox' });
    expect(all.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(all.body).not.toContain('<script>');
  });

  it('is in English when the browser asks for it', async () => {
    // Without the demo accounts, whose life cycle mails them at start.
    ({ app } = await testApp({ seed: false }));
    const response = await app.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } });
    expect(response.body).toContain('<title>Sandbox outbox</title>');
    expect(response.body).toContain('No e-mail yet.');
  });
});

describe('finding links in a mail', () => {
  it('finds each absolute URL once and leaves the surrounding text out', () => {
    const text = 'Mở http://a.vn/x?token=1 ngay.\nOpen http://a.vn/x?token=1 or <https://b.vn/y>';
    expect(findLinks(text)).toEqual(['http://a.vn/x?token=1', 'https://b.vn/y']);
  });
});

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from './clock';
import { emptyLifecycleReport } from '../billing/lifecycleReport';
import { clockMoveFromQuery } from '../sandbox/sandboxClockPage';
import {
  apiAs,
  latestMailTo,
  NEW_CUSTOMER,
  postSandboxForm,
  register,
  sandboxFormSession,
  scratchDir,
  serverOrderFor,
  signIn,
  START,
  testApp,
  testClock,
} from '../testing';

let app: FastifyInstance | undefined;
let cleanup: (() => void) | undefined;

afterEach(async () => {
  await app?.close();
  cleanup?.();
  app = undefined;
  cleanup = undefined;
});

const advance = (target: FastifyInstance, advance: unknown, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance }, headers });

const clockOf = async (target: FastifyInstance) =>
  (await target.inject({ url: '/sandbox/clock' })).json() as { now: string; offset_ms: number };

/** A button of the /sandbox page pressed, as Chromium posts it there (`Origin: null`). */
const pressStep = (target: FastifyInstance, step: string, headers: Record<string, string> = {}) =>
  postSandboxForm(
    target,
    '/sandbox/clock/advance',
    { step },
    { headers: { origin: 'null', ...headers } },
  );

describe('the sandbox clock (/sandbox/clock)', () => {
  it('runs with the base time until moved, then ahead of it by the step', async () => {
    ({ app } = await testApp());
    expect(await clockOf(app)).toEqual({ now: START.toISOString(), offset_ms: 0 });

    const moved = await advance(app, { days: 1, hours: 2 });

    expect(moved.statusCode, moved.body).toBe(200);
    const expected = new Date(START.getTime() + DAY_MS + 2 * HOUR_MS).toISOString();
    expect(moved.json()).toEqual({
      now: expected,
      offset_ms: DAY_MS + 2 * HOUR_MS,
      renewals_issued: 0,
      report: emptyLifecycleReport(),
    });
    expect(await clockOf(app)).toEqual({ now: expected, offset_ms: DAY_MS + 2 * HOUR_MS });
  });

  it('is the time every part of the app reads', async () => {
    ({ app } = await testApp());
    await advance(app, { days: 10 });

    await register(app);

    const tenDaysLater = new Date(START.getTime() + 10 * DAY_MS).toISOString();
    expect((await latestMailTo(app, NEW_CUSTOMER.email)).sent_at).toBe(tenDaysLater);
  });

  it('refuses to go back, to stand still, to jump too far or a malformed step, with 400', async () => {
    ({ app } = await testApp());

    const back = await advance(app, { days: -1, hours: 30 });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('Đồng hồ sandbox chỉ chạy tới, không thể lùi thời gian.');

    const still = await advance(app, {});
    expect(still.statusCode).toBe(400);
    expect(still.json().message).toBe('Hãy cho đồng hồ chạy tới ít nhất 1 giờ.');

    const far = await advance(app, { days: 400, hours: 1 }, { 'accept-language': 'en' });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('The clock moves forward at most 400 days at a time.');

    for (const malformed of [{ days: 'x' }, { days: 1.5 }, { weeks: 1 }, null]) {
      expect((await advance(app, malformed)).statusCode).toBe(400);
    }
    expect((await clockOf(app)).offset_ms).toBe(0);
    expect((await advance(app, { days: 400 })).statusCode).toBe(200);
  });

  it('keeps its offset across a restart on the same database', async () => {
    const scratch = scratchDir();
    cleanup = scratch.cleanup;
    const dbFile = join(scratch.dir, 'sandbox.db');
    const base = testClock();
    ({ app } = await testApp({ dbFile, now: base.now }));
    await advance(app, { days: 12 });
    await app.close();

    base.advance(HOUR_MS);
    ({ app } = await testApp({ dbFile, now: base.now }));

    expect(await clockOf(app)).toEqual({
      now: new Date(START.getTime() + 12 * DAY_MS + HOUR_MS).toISOString(),
      offset_ms: 12 * DAY_MS,
    });
  });

  it('ends a running trial when moved past its end', async () => {
    ({ app } = await testApp());
    const api = apiAs(app, await signIn(app, 'trial@example.vn'));
    const before = (await api.get('/auth/user')).json().trial;
    expect(before).toMatchObject({ active: true, expired: false });

    const moved = (await advance(app, { days: 8 })).json();

    expect(new Date(before.end_date).getTime()).toBeLessThan(new Date(moved.now).getTime());
    expect((await api.get('/auth/user')).json().trial).toMatchObject({
      active: true,
      expired: true,
    });
    const blocked = await api.post('/billing/orders', serverOrderFor());
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toContain('đã hết hạn dùng thử');
  });
});

describe('the clock on the /sandbox page', () => {
  it('shows the sandbox time and buttons that post to the clock, in either language', async () => {
    ({ app } = await testApp());
    await advance(app, { days: 2, hours: 5 });

    const vi = (await app.inject({ url: '/sandbox' })).body;
    expect(vi).toContain('<h2 id="sandbox-clock">Đồng hồ sandbox</h2>');
    // 1 March 08:00 UTC plus 2 days 5 hours is 3 March 20:00 in Vietnam.
    expect(vi).toContain('<time datetime="2025-03-03T13:00:00.000Z">03-03-2025 20:00</time>');
    expect(vi).toContain('đi trước giờ thật 2 ngày 5 giờ');
    expect(vi).toContain('<form method="post" action="/sandbox/clock/advance">');
    expect(vi).toMatch(/<input type="hidden" name="form_token" value="[\w-]{43}">/);
    expect(vi).toContain('<button type="submit" name="step" value="month">+1 tháng</button>');

    const en = (await app.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } })).body;
    expect(en).toContain('Sandbox clock');
    expect(en).toContain('2 d 5 h ahead of real time');
    expect(en).toContain('<button type="submit" name="step" value="week">+7 days</button>');
  });

  it('moves the clock by a day, a week or a calendar month and goes back to the page', async () => {
    ({ app } = await testApp());

    const day = await pressStep(app, 'day');
    expect(day.statusCode, day.body).toBe(303);
    expect(day.headers.location).toBe('/sandbox?moved=day#sandbox-clock');
    expect((await clockOf(app)).offset_ms).toBe(DAY_MS);

    await pressStep(app, 'week');
    expect((await clockOf(app)).offset_ms).toBe(8 * DAY_MS);

    // 9 March to 9 April.
    await pressStep(app, 'month');
    expect((await clockOf(app)).now).toBe('2025-04-09T08:00:00.000Z');
  });

  it('moves a month as Việt Nam counts it, where the UTC date is still the day before', async () => {
    // 17:30 UTC on 30 April is 00:30 on 1 May in Việt Nam: a month on is 00:30 on 1 June there.
    ({ app } = await testApp({ now: testClock(new Date('2025-04-30T17:30:00.000Z')).now }));
    await pressStep(app, 'month');
    expect((await clockOf(app)).now).toBe('2025-05-31T17:30:00.000Z');
  });

  it('shows, back on the page, the new time and what the move did', async () => {
    ({ app } = await testApp());

    // A month on: the demo accounts' servers come up for renewal (and more may happen).
    const moved = await pressStep(app, 'month');
    const location = String(moved.headers.location);
    expect(location).toMatch(/^\/sandbox\?moved=month(&[a-zA-Z]+=[1-9]\d*)+#sandbox-clock$/);
    const issued = Number(new URL(location, 'http://x').searchParams.get('renewalsIssued'));
    expect(issued).toBeGreaterThan(0);

    const vi = (await app.inject({ url: location.split('#')[0]! })).body;
    expect(vi).toContain('<time datetime="2025-04-01T08:00:00.000Z">01-04-2025 15:00</time>');
    expect(vi).toContain(
      `<strong>Lần dời này (+1 tháng):</strong> ${issued} hoá đơn gia hạn đã phát hành`,
    );
    const en = await app.inject({
      url: '/sandbox?moved=day&autoPaid=1&renewalsIssued=2&overdue=0',
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toContain(
      '<strong>This move (+1 day):</strong> renewal invoices issued: 2, invoices paid from the balance: 1.</p>',
    );

    // A move that did nothing says so; a page that reports no move shows no report.
    const nothing = await app.inject({ url: '/sandbox?moved=week' });
    expect(nothing.body).toContain(
      '<strong>Lần dời này (+7 ngày):</strong> Không có gì thay đổi.</p>',
    );
    expect((await app.inject({ url: '/sandbox' })).body).not.toContain('sandbox-clock-report');
  });

  it('reads the report from the address as numbers only', () => {
    expect(clockMoveFromQuery({})).toBeUndefined();
    expect(clockMoveFromQuery({ moved: 'year', renewalsIssued: '2' })).toBeUndefined();
    expect(
      clockMoveFromQuery({
        moved: 'day',
        renewalsIssued: '<b>2</b>',
        autoPaid: '-1',
        overdue: '1e3',
        suspended: '3',
        resumed: ['1', '2'],
        terminated: '12345678',
      }),
    ).toEqual({ step: 'day', report: { ...emptyLifecycleReport(), suspended: 3 } });
  });

  it("refuses a post without the page's token, with a wrong one, or from another site", async () => {
    ({ app } = await testApp());
    const { cookie, token } = await sandboxFormSession(app);
    const post = (payload: string, headers: Record<string, string> = {}) =>
      app!.inject({
        method: 'POST',
        url: '/sandbox/clock/advance',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });

    const refusals = [
      await post('step=week'),
      await post('step=week', { cookie }),
      await post('step=week&form_token=forged', { cookie }),
      await post(`step=week&form_token=${token}`),
      await post(`step=week&form_token=${token}`, { cookie: 'sandbox_form=' + 'A'.repeat(43) }),
      // Another site's page: its browser holds no cookie for it (SameSite=Strict).
      await post('step=week&form_token=guess', {
        origin: 'https://evil.example',
        'accept-language': 'en',
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
    }
    expect(refusals[0]!.body).toContain('Biểu mẫu bị từ chối');
    expect(refusals[0]!.body).toContain('<a href="/sandbox">Về trang sandbox</a>');
    expect(refusals[5]!.body).toContain('<html lang="en">');
    expect(refusals[5]!.body).toContain('Nothing was changed.');
    expect((await clockOf(app)).offset_ms).toBe(0);

    // An unknown step, with the token, is still a bad request.
    expect((await pressStep(app, 'year')).statusCode).toBe(400);
    expect((await clockOf(app)).offset_ms).toBe(0);
  });

  it('hands out the cookie once, SameSite=Strict and HttpOnly, for /sandbox only', async () => {
    ({ app } = await testApp());
    const first = await app.inject({ url: '/sandbox' });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^sandbox_form=[\w-]{43}; Path=\/sandbox; HttpOnly; SameSite=Strict$/,
    );
    const cookie = setCookie.split(';')[0]!;
    const again = await app.inject({ url: '/sandbox', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    const token = /name="form_token" value="([\w-]+)"/.exec(first.body)![1];
    expect(again.body).toContain(`value="${token}"`);
  });
});

describe("the clock's JSON route (POST /sandbox/clock)", () => {
  it('takes JSON only: a form or plain-text body, which any site may post, is refused', async () => {
    ({ app } = await testApp());
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'advance[days]=7'],
      ['text/plain', JSON.stringify({ advance: { days: 7 } })],
      ['text/plain; charset=utf-8', '{"advance":{"days":7}}'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/sandbox/clock',
        headers: { 'content-type': type!, origin: 'https://evil.example' },
        payload,
      });
      expect(refused.statusCode, type).toBe(415);
    }
    expect((await clockOf(app)).offset_ms).toBe(0);
    expect((await advance(app, { days: 7 }, { origin: 'null' })).statusCode).toBe(200);
  });
});

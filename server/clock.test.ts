import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from './clock';
import {
  apiAs,
  latestMailTo,
  NEW_CUSTOMER,
  register,
  scratchDir,
  serverOrderFor,
  signIn,
  START,
  testApp,
  testClock,
} from './testing';

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

const postForm = (target: FastifyInstance, body: string, headers: Record<string, string> = {}) =>
  target.inject({
    method: 'POST',
    url: '/sandbox/clock/advance',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

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
    expect(vi).toContain('<button type="submit" name="step" value="month">+1 tháng</button>');

    const en = (await app.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } })).body;
    expect(en).toContain('Sandbox clock');
    expect(en).toContain('2 d 5 h ahead of real time');
    expect(en).toContain('<button type="submit" name="step" value="week">+7 days</button>');
  });

  it('moves the clock by a day, a week or a calendar month and goes back to the page', async () => {
    ({ app } = await testApp());
    const sameOrigin = { origin: 'http://localhost:80', host: 'localhost:80' };

    const day = await postForm(app, 'step=day', sameOrigin);
    expect(day.statusCode).toBe(303);
    expect(day.headers.location).toBe('/sandbox');
    expect((await clockOf(app)).offset_ms).toBe(DAY_MS);

    await postForm(app, 'step=week', sameOrigin);
    expect((await clockOf(app)).offset_ms).toBe(8 * DAY_MS);

    // 9 March to 9 April.
    await postForm(app, 'step=month', sameOrigin);
    expect((await clockOf(app)).now).toBe('2025-04-09T08:00:00.000Z');
  });

  it('refuses a form from another site and an unknown step', async () => {
    ({ app } = await testApp());

    const foreign = await postForm(app, 'step=week', {
      origin: 'https://elsewhere.example',
      host: 'localhost:8080',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await postForm(app, 'step=year')).statusCode).toBe(400);
    expect((await clockOf(app)).offset_ms).toBe(0);
  });
});

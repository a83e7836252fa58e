// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DAY_MS } from '../../server/platform/clock';
import { signIn } from '../../server/testing';
import { startSandbox, type Sandbox } from '../../tests/support/sandbox';
import { callContract, observeAnswerDates } from './client';
import {
  noteServerDate,
  SERVER_CLOCK_TOLERANCE_MS,
  serverClockOffsetMs,
  serverNow,
} from './serverClock';

/** The device's clock in these tests, on a whole second as a Date header says it. */
const DEVICE_NOW = new Date('2026-11-26T03:00:00.000Z');
const MONTH_MS = 30 * DAY_MS;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE_NOW);
});

afterEach(() => {
  // tests/setup.ts then puts the portal's clock back on the device's for the next test.
  vi.useRealTimers();
});

describe("the portal's idea of the server's time", () => {
  it('is the device’s time until an answer says otherwise', () => {
    expect(serverNow()).toEqual(DEVICE_NOW);
  });

  it('follows a Date header a month ahead of the device, and keeps running with the device', () => {
    noteServerDate(new Date(DEVICE_NOW.getTime() + MONTH_MS).toUTCString());
    expect(serverClockOffsetMs()).toBe(MONTH_MS);
    expect(serverNow()).toEqual(new Date(DEVICE_NOW.getTime() + MONTH_MS));

    vi.setSystemTime(DEVICE_NOW.getTime() + 60_000);
    expect(serverNow()).toEqual(new Date(DEVICE_NOW.getTime() + MONTH_MS + 60_000));
  });

  it('follows a server behind the device too, and ignores a header it cannot read', () => {
    noteServerDate(new Date(DEVICE_NOW.getTime() - DAY_MS).toUTCString());
    expect(serverNow()).toEqual(new Date(DEVICE_NOW.getTime() - DAY_MS));
    noteServerDate('not a date');
    noteServerDate(null);
    expect(serverNow()).toEqual(new Date(DEVICE_NOW.getTime() - DAY_MS));
  });

  it('takes a difference of a few seconds (whole-second header, network delay) as none', () => {
    noteServerDate(new Date(DEVICE_NOW.getTime() + MONTH_MS).toUTCString());
    noteServerDate(new Date(DEVICE_NOW.getTime() + SERVER_CLOCK_TOLERANCE_MS - 1000).toUTCString());
    expect(serverNow()).toEqual(DEVICE_NOW);
  });
});

describe('the HTTP client against the sandbox', () => {
  let sandbox: Sandbox;

  beforeEach(async () => {
    sandbox = await startSandbox();
  });

  afterEach(async () => {
    await sandbox.close();
  });

  it("takes the sandbox's moved clock from the Date header of every answer", async () => {
    // As the signed-in portal's data provider does (src/dataProvider/dataProvider.ts).
    observeAnswerDates(noteServerDate);
    const token = await signIn(sandbox.app, 'demo@example.vn');
    await callContract('GET', '/auth/user', { credentials: { kind: 'token', token } });
    expect(serverNow()).toEqual(DEVICE_NOW);

    const moved = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advance: { days: 30 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // An error answer carries the sandbox's time as well.
    await expect(
      callContract('GET', '/auth/user', { credentials: { kind: 'none' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(serverNow()).toEqual(new Date(DEVICE_NOW.getTime() + MONTH_MS));
    // The device's clock did not move.
    expect(new Date()).toEqual(DEVICE_NOW);
  });

  it("sends the sandbox's clock in the Date header of an /api/v1 answer", async () => {
    await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advance: { days: 30 } },
    });
    const answer = await sandbox.app.inject({ url: '/api/v1/auth/user' });
    expect(answer.headers.date).toBe(new Date(DEVICE_NOW.getTime() + MONTH_MS).toUTCString());
  });
});

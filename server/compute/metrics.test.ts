import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { METRIC_STEPS } from '../../src/domain/serverMetrics';
import { apiAs, buyServer, signIn, testApp, testClock, type Api } from '../testing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;

async function start() {
  ({ app, clock } = await testApp());
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
}

afterEach(async () => {
  await app?.close();
});

interface Point {
  time: string;
  cpu_percent: number;
  network_in_bits_per_second: number;
  network_out_bits_per_second: number;
  disk_read_bytes_per_second: number;
  disk_write_bytes_per_second: number;
}

async function metrics(id: number, period?: string) {
  const response = await api.get(
    `/cloud/servers/${id}/metrics`,
    undefined,
    period ? { period } : undefined,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as {
    server_id: number;
    period: string;
    step_seconds: number;
    points: Point[];
  };
}

/** A built server, then `age` of sandbox time. */
async function serverAged(age: number) {
  const id = await buyServer(api);
  clock.advance(20_000 + age);
  return id;
}

describe('getServerMetrics', () => {
  it('answers a full hour of one-minute points for a server older than the period', async () => {
    await start();
    const id = await serverAged(2 * HOUR);
    const hour = await metrics(id);
    expect(hour).toMatchObject({ server_id: id, period: 'hour', step_seconds: 60 });
    expect(hour.points).toHaveLength(60);
    const times = hour.points.map((point) => Date.parse(point.time));
    expect(times.every((time, index) => index === 0 || time - times[index - 1]! === MINUTE)).toBe(
      true,
    );
    // The last point is the latest whole minute, ended by now.
    expect(times[59]! + MINUTE).toBeLessThanOrEqual(clock.now().getTime());
    expect(clock.now().getTime() - times[59]!).toBeLessThan(2 * MINUTE);
    for (const point of hour.points) {
      expect(point.cpu_percent).toBeGreaterThan(0);
      expect(point.cpu_percent).toBeLessThanOrEqual(100);
      expect(point.network_in_bits_per_second).toBeGreaterThan(0);
      expect(point.disk_write_bytes_per_second).toBeGreaterThan(0);
    }
  });

  it('cuts a day into half hours and a week into three-hour steps', async () => {
    await start();
    const id = await serverAged(8 * 24 * HOUR);
    for (const period of ['day', 'week'] as const) {
      const answer = await metrics(id, period);
      expect(answer.step_seconds).toBe(METRIC_STEPS[period].stepSeconds);
      expect(answer.points).toHaveLength(METRIC_STEPS[period].points);
      const [first, second] = answer.points;
      expect(Date.parse(second!.time) - Date.parse(first!.time)).toBe(
        METRIC_STEPS[period].stepSeconds * 1000,
      );
    }
    expect(METRIC_STEPS.day.points * METRIC_STEPS.day.stepSeconds).toBe(24 * 3600);
    expect(METRIC_STEPS.week.points * METRIC_STEPS.week.stepSeconds).toBe(7 * 24 * 3600);
  });

  it('gives the same numbers for the same server and time, read again later', async () => {
    await start();
    const id = await serverAged(3 * HOUR);
    const first = await metrics(id);
    expect(await metrics(id)).toEqual(first);
    // Ten minutes on, the steps both answers cover read the same.
    clock.advance(10 * MINUTE);
    const later = await metrics(id);
    const byTime = new Map(later.points.map((point) => [point.time, point]));
    const shared = first.points.filter((point) => byTime.has(point.time));
    expect(shared.length).toBeGreaterThanOrEqual(49);
    for (const point of shared) expect(byTime.get(point.time)).toEqual(point);
  });

  it('gives two servers different numbers for the same time', async () => {
    await start();
    const one = await buyServer(api, { name: 'web-01' });
    const two = await buyServer(api, { name: 'web-02' });
    clock.advance(20_000 + 2 * HOUR);
    const [a, b] = [await metrics(one), await metrics(two)];
    expect(a.points.map((point) => point.time)).toEqual(b.points.map((point) => point.time));
    expect(a.points.map((point) => point.cpu_percent)).not.toEqual(
      b.points.map((point) => point.cpu_percent),
    );
  });

  it('has no points for a server just built, and only those since its creation later', async () => {
    await start();
    const id = await buyServer(api);
    clock.advance(20_000);
    expect((await metrics(id)).points).toEqual([]);
    clock.advance(10 * MINUTE);
    const points = (await metrics(id)).points;
    expect(points.length).toBeGreaterThanOrEqual(9);
    expect(points.length).toBeLessThanOrEqual(11);
  });

  it('shows zero for a stopped server', async () => {
    await start();
    const id = await serverAged(HOUR);
    const off = await api.post(`/cloud/servers/${id}/action`, { action: 'power_off' });
    expect(off.statusCode).toBeLessThan(300);
    clock.advance(20_000);
    const points = (await metrics(id)).points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((point) => point.cpu_percent === 0)).toBe(true);
    expect(points.every((point) => point.network_in_bits_per_second === 0)).toBe(true);
  });

  it('refuses another account’s server and an unknown period', async () => {
    await start();
    const id = await serverAged(HOUR);
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await other.get(`/cloud/servers/${id}/metrics`)).statusCode).toBe(404);
    const wrong = await api.get(`/cloud/servers/${id}/metrics`, undefined, { period: 'month' });
    expect(wrong.statusCode).toBe(400);
  });
});

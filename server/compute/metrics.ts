/**
 * A server's metrics, simulated (an extension: issue 19). Nothing measures the sandbox's servers,
 * so each figure is drawn from a pseudo-random number seeded by the server's id, the step's start
 * on the sandbox clock and the figure's name: the same server and step always give the same
 * numbers, whenever they are read, and two servers differ. A server's figures follow a daily
 * curve (busier in the Vietnamese afternoon) around a level of its own. A server that is not
 * running (stopped, suspended, building, in error or being deleted) shows zero throughout:
 * the sandbox keeps no history of when it stopped.
 */
import type { components } from '../../src/api/schema';
import {
  LOADED_SERVER_STATUSES,
  METRIC_STEPS,
  metricStepStarts,
  type MetricPeriod,
} from '../../src/domain/serverMetrics';
import { signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';
import { accountServer, serverState, settleServers, type ServerRow } from './servers';

type ServerMetrics = components['schemas']['ServerMetrics'];
type MetricPoint = components['schemas']['ServerMetricPoint'];

const FIGURES = ['cpu', 'net_in', 'net_out', 'disk_read', 'disk_write', 'level'] as const;
type Figure = (typeof FIGURES)[number];

/** A 32-bit integer hash of the parts (murmur3's finaliser over each), as a number in [0, 1). */
export function seededUnit(...parts: number[]): number {
  let hash = 0x9e3779b9;
  for (const part of parts) {
    // Split numbers beyond 32 bits (a timestamp in milliseconds) into two words.
    for (const word of [part % 0x100000000, Math.floor(part / 0x100000000)]) {
      hash = Math.imul(hash ^ (word >>> 0), 0x85ebca6b);
      hash ^= hash >>> 13;
      hash = Math.imul(hash, 0xc2b2ae35);
      hash ^= hash >>> 16;
    }
  }
  return (hash >>> 0) / 0x100000000;
}

const figureSeed = (figure: Figure) => FIGURES.indexOf(figure) + 1;

/** 0 at 04:00, 1 at 16:00 Vietnam time (UTC+7): when the customers' customers are awake. */
function dailyCurve(at: Date): number {
  const vietnamHours = (at.getUTCHours() + 7 + at.getUTCMinutes() / 60) % 24;
  return (1 - Math.cos(((vietnamHours - 4) / 24) * 2 * Math.PI)) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** One step's figures for a running server. */
export function simulatedPoint(serverId: number, start: Date): MetricPoint {
  const at = start.getTime();
  // The server's own level (0.2–1): some servers are busier than others, always.
  const level = 0.2 + 0.8 * seededUnit(serverId, figureSeed('level'));
  const curve = 0.35 + 0.65 * dailyCurve(start);
  const noise = (figure: Figure) => 0.6 + 0.8 * seededUnit(serverId, at, figureSeed(figure));
  const load = level * curve;
  const networkIn = Math.round(load * noise('net_in') * 20_000_000);
  return {
    time: start.toISOString(),
    cpu_percent: Math.min(100, round1(3 + load * noise('cpu') * 60)),
    network_in_bits_per_second: networkIn,
    network_out_bits_per_second: Math.round(networkIn * 0.35 * noise('net_out')),
    disk_read_bytes_per_second: Math.round(load * noise('disk_read') * 2_000_000),
    disk_write_bytes_per_second: Math.round(load * noise('disk_write') * 3_000_000),
  };
}

const idlePoint = (start: Date): MetricPoint => ({
  time: start.toISOString(),
  cpu_percent: 0,
  network_in_bits_per_second: 0,
  network_out_bits_per_second: 0,
  disk_read_bytes_per_second: 0,
  disk_write_bytes_per_second: 0,
});

export function serverMetrics(server: ServerRow, period: MetricPeriod, now: Date): ServerMetrics {
  const running = LOADED_SERVER_STATUSES.includes(serverState(server, now).status);
  const starts = metricStepStarts(period, now, new Date(server.created_at));
  return {
    server_id: server.id,
    period,
    step_seconds: METRIC_STEPS[period].stepSeconds,
    points: starts.map((start) => (running ? simulatedPoint(server.id, start) : idlePoint(start))),
  };
}

export const metricsHandlers: HandlerTable = {
  getServerMetrics: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    const server = accountServer(ctx.db, user.id, ctx.params.id);
    return serverMetrics(server, ctx.query.period ?? 'hour', now);
  },
};

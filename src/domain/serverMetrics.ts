/**
 * A server's metrics (CPU, network, disk) over the last hour, day or week: how each period is cut
 * into points, shared by the sandbox that simulates them and the screen that draws them.
 */

/**
 * The statuses in which a server runs and so has load; in any other (stopped, suspended,
 * building, in error, being deleted) its figures are zero.
 */
export const LOADED_SERVER_STATUSES: readonly string[] = [
  'active',
  'rebooting',
  'resizing',
  'rebuilding',
  'restoring',
];

export const METRIC_PERIODS = ['hour', 'day', 'week'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

/** Each period: one point every `stepSeconds`, `points` of them ending at the latest full step. */
export const METRIC_STEPS: Record<MetricPeriod, { stepSeconds: number; points: number }> = {
  hour: { stepSeconds: 60, points: 60 },
  day: { stepSeconds: 30 * 60, points: 48 },
  week: { stepSeconds: 3 * 60 * 60, points: 56 },
};

/**
 * The starts of the period's steps that ended by `now` and began at or after `since` (the server's
 * creation: before it, a server has no figures), oldest first. Steps are aligned to the epoch, so
 * a step read again later covers the same minutes.
 */
export function metricStepStarts(period: MetricPeriod, now: Date, since: Date): Date[] {
  const { stepSeconds, points } = METRIC_STEPS[period];
  const stepMs = stepSeconds * 1000;
  const end = Math.floor(now.getTime() / stepMs) * stepMs;
  const starts: Date[] = [];
  for (let index = points; index >= 1; index -= 1) {
    const start = end - index * stepMs;
    if (start >= since.getTime()) starts.push(new Date(start));
  }
  return starts;
}

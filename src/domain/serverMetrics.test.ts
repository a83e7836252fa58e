import { describe, expect, it } from 'vitest';

import { METRIC_PERIODS, METRIC_STEPS, metricStepStarts } from './serverMetrics';

const NOW = new Date('2026-03-15T02:30:42.000Z');
const LONG_AGO = new Date('2025-01-01T00:00:00.000Z');

describe('metricStepStarts', () => {
  it.each(METRIC_PERIODS)('covers the whole %s in whole steps ending by now', (period) => {
    const { stepSeconds, points } = METRIC_STEPS[period];
    const starts = metricStepStarts(period, NOW, LONG_AGO);
    expect(starts).toHaveLength(points);
    const last = starts[starts.length - 1]!.getTime();
    expect(last + stepSeconds * 1000).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - last).toBeLessThan(2 * stepSeconds * 1000);
    expect(last - starts[0]!.getTime()).toBe((points - 1) * stepSeconds * 1000);
  });

  it('spans an hour, a day and a week', () => {
    expect(METRIC_STEPS.hour.points * METRIC_STEPS.hour.stepSeconds).toBe(3600);
    expect(METRIC_STEPS.day.points * METRIC_STEPS.day.stepSeconds).toBe(24 * 3600);
    expect(METRIC_STEPS.week.points * METRIC_STEPS.week.stepSeconds).toBe(7 * 24 * 3600);
  });

  it('leaves out the steps that began before the server existed', () => {
    const created = new Date('2026-03-15T02:20:10.000Z');
    const starts = metricStepStarts('hour', NOW, created);
    expect(starts.map((start) => start.toISOString().slice(11, 16))).toEqual([
      '02:21',
      '02:22',
      '02:23',
      '02:24',
      '02:25',
      '02:26',
      '02:27',
      '02:28',
      '02:29',
    ]);
    expect(metricStepStarts('hour', NOW, new Date('2026-03-15T02:29:30.000Z'))).toEqual([]);
  });

  it('gives the same steps when read again within the same minute', () => {
    const later = new Date(NOW.getTime() + 10_000);
    expect(metricStepStarts('hour', later, LONG_AGO)).toEqual(
      metricStepStarts('hour', NOW, LONG_AGO),
    );
  });
});

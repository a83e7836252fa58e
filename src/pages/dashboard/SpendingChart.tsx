/**
 * The spending bars, drawn by our own small SVG chart. SpendingCard names the chart and repeats
 * the figures in a table for screen readers, so the chart itself adds neither.
 */
import { useLocaleState, useTranslate } from 'react-admin';

import { BarChart } from '../../components/BarChart';
import { compactVnd, formatVnd } from '../../domain/money';
import { monthLabel } from './monthLabel';
import type { DashboardSummary } from './useDashboardSummary';

export function SpendingChart(props: { months: DashboardSummary['spending']; height: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <BarChart
      height={props.height}
      // A scale even when the bars are too narrow for their values above them.
      valueAxis
      categories={props.months.map((month) => monthLabel(month.month))}
      series={[
        {
          label: translate('dashboard.spending.amount'),
          values: props.months.map((month) => month.amount),
          format: formatVnd,
          formatShort: (value) => compactVnd(value, locale),
        },
      ]}
    />
  );
}

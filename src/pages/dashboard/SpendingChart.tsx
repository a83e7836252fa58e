/** The spending bars (@mui/x-charts), a chunk of its own loaded by SpendingCard. */
import { BarChart } from '@mui/x-charts/BarChart';

import { formatVnd, groupThousands } from '../../domain/money';
import { monthLabel } from './monthLabel';
import type { DashboardSummary } from './useDashboardSummary';

export default function SpendingChart(props: {
  months: DashboardSummary['spending'];
  height: number;
}) {
  return (
    <BarChart
      height={props.height}
      xAxis={[{ scaleType: 'band', data: props.months.map((month) => monthLabel(month.month)) }]}
      yAxis={[{ valueFormatter: (value: number) => groupThousands(value), width: 80 }]}
      series={[
        {
          data: props.months.map((month) => month.amount),
          valueFormatter: (value) => (value === null ? '' : formatVnd(value)),
        },
      ]}
      hideLegend
    />
  );
}

/**
 * Spending by month over the last twelve (the ledger's payments, as the summary sums them): a bar
 * chart and the same figures as a table for screen readers.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { formatVnd } from '../../domain/money';
import { CardLink, DashboardCard, EmptyState } from './DashboardCard';
import { monthLabel } from './monthLabel';
import { SpendingChart } from './SpendingChart';
import type { DashboardSummary, SummaryQuery } from './useDashboardSummary';

export const CHART_HEIGHT = 240;

/** Read by screen readers, not drawn: the chart shows the same figures to the eye. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function SpendingCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.spending.title')}
      summary={summary}
      skeletonLines={6}
      footer={(data) =>
        spent(data) > 0 ? (
          <CardLink to="/billing/history">{translate('dashboard.spending.history')}</CardLink>
        ) : null
      }
    >
      {(data) =>
        spent(data) === 0 ? (
          <EmptyState
            text={translate('dashboard.spending.empty')}
            action={translate('dashboard.spending.history')}
            to="/billing/history"
          />
        ) : (
          <>
            <Typography variant="body2" data-testid="dashboard-spending-total">
              {translate('dashboard.spending.total', { amount: formatVnd(spent(data)) })}
            </Typography>
            <Box
              role="img"
              aria-label={translate('dashboard.spending.chart_label')}
              sx={{ height: CHART_HEIGHT, width: '100%', minWidth: 0 }}
            >
              <SpendingChart months={data.spending} height={CHART_HEIGHT} />
            </Box>
            <SpendingTable months={data.spending} />
          </>
        )
      }
    </DashboardCard>
  );
}

const spent = (data: DashboardSummary) =>
  data.spending.reduce((sum, month) => sum + month.amount, 0);

function SpendingTable({ months }: { months: DashboardSummary['spending'] }) {
  const translate = useTranslate();
  return (
    <Box component="table" sx={VISUALLY_HIDDEN}>
      <caption>{translate('dashboard.spending.table_label')}</caption>
      <thead>
        <tr>
          <th scope="col">{translate('dashboard.spending.month')}</th>
          <th scope="col">{translate('dashboard.spending.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row">{monthLabel(month.month)}</th>
            <td>{formatVnd(month.amount)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * One card of the dashboard, in its three states: a skeleton while the summary loads, the load's
 * failure with a Retry, or its content (which shows its own empty state, leading somewhere useful).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { LoadFailed } from '../../components/LoadFailed';
import type { DashboardSummary, SummaryQuery } from './useDashboardSummary';

interface DashboardCardProps {
  title: string;
  summary: SummaryQuery;
  /** How many lines the skeleton draws, roughly the height of the content. */
  skeletonLines?: number;
  children: (data: DashboardSummary) => ReactNode;
  /** Links below the content (a list's "view all"), shown once the content is. */
  footer?: (data: DashboardSummary) => ReactNode;
}

export function DashboardCard(props: DashboardCardProps) {
  const translate = useTranslate();
  const headingId = useId();
  const { summary } = props;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {summary.isPending ? (
          <Box role="status" aria-label={translate('ra.page.loading')}>
            {Array.from({ length: props.skeletonLines ?? 3 }, (_, index) => (
              <Skeleton key={index} variant="text" width={index === 0 ? '60%' : '90%'} />
            ))}
          </Box>
        ) : summary.isError ? (
          <LoadFailed
            error={summary.error}
            onRetry={() => summary.refetch()}
            retrying={summary.isFetching}
          />
        ) : (
          props.children(summary.data)
        )}
      </CardContent>
      {props.footer && summary.data && !summary.isError ? (
        <CardActions sx={{ flexWrap: 'wrap', px: 2, pb: 2 }}>
          {props.footer(summary.data)}
        </CardActions>
      ) : null}
    </Card>
  );
}

/** What a card says when there is nothing to show, and where to go to change that. */
export function EmptyState(props: { text: string; action: string; to: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {props.text}
      </Typography>
      <Button variant="outlined" size="small" component={Link} to={props.to}>
        {props.action}
      </Button>
    </Box>
  );
}

/** A "view all" link at the foot of a card. */
export function CardLink(props: { to: string; children: ReactNode }) {
  return (
    <Button size="small" component={Link} to={props.to}>
      {props.children}
    </Button>
  );
}

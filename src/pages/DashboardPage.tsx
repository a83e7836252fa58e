/**
 * /dashboard: what a customer checks first, from one summary call (our extension,
 * GET /dashboard/summary): balance and unpaid amount with the top-up and pay actions, servers by
 * status, the counts of volumes, snapshots, keys and open tickets linking to their lists, the
 * trial, the next renewals, spending by month, and the newest orders and invoices. Each card has
 * its own skeleton, empty state and failure with Retry.
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

import { usePageTitle } from '../components/usePageTitle';
import { useScreenReady } from '../components/useScreenReady';
import { displayName, usePortalIdentity } from '../layout/usePortalIdentity';
import { MoneyCard, TrialCard, trialCardShown } from './dashboard/AccountCards';
import { RecentInvoicesCard, RecentOrdersCard, RenewalsCard } from './dashboard/RecordCards';
import { ResourcesCard, ServersCard } from './dashboard/ResourceCards';
import { SpendingCard } from './dashboard/SpendingCard';
import { useDashboardSummary } from './dashboard/useDashboardSummary';

export default function DashboardPage() {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  const summary = useDashboardSummary();
  // Its cards show the summary, or why it failed: the first-data picture gives way.
  useScreenReady(!summary.isPending);
  const title = translate('app.page.dashboard');
  usePageTitle(title);

  return (
    // Inline-size containment: a wide card scrolls inside itself instead of widening the page.
    <Box sx={{ mt: 2, mb: 4, contain: 'inline-size' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {identity ? translate('dashboard.welcome', { name: displayName(identity) }) : title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <MoneyCard summary={summary} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <ServersCard summary={summary} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <ResourcesCard summary={summary} />
        </Grid>
        {trialCardShown(summary, identity?.id) ? (
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <TrialCard summary={summary} />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, lg: 8 }}>
          <SpendingCard summary={summary} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <RenewalsCard summary={summary} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <RecentOrdersCard summary={summary} />
        </Grid>
        <Grid size={{ xs: 12, md: 12, lg: 4 }}>
          <RecentInvoicesCard summary={summary} />
        </Grid>
      </Grid>
    </Box>
  );
}

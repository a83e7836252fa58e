/**
 * The money card (balance, unpaid amount, top up, pay) and the trial card of the dashboard. The
 * trial card says the trial's one next step in the banner's words, with one button that opens the
 * upgrade dialog (src/components/trialStep.ts); it offers "request a trial" only to an account
 * that never had one, and is not shown to one whose trial is paid (`trialCardShown`).
 */
import AddCardIcon from '@mui/icons-material/AddCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import {
  expectedPeriod,
  hadTrial,
  trialBillWords,
  upgradeDialogPath,
  useTrialStep,
} from '../../components/trialStep';
import { serverNow } from '../../api/serverClock';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPeriod } from '../../domain/periods';
import { DashboardCard, EmptyState } from './DashboardCard';
import type { DashboardSummary, SummaryQuery } from './useDashboardSummary';

const DASHBOARD_PATH = '/dashboard';
/** The top-up dialog of /billing without an amount to start from. */
const TOP_UP_PATH = '/billing?topup=1';

/** Top-up link for what the balance lacks, if anything; the success page leads back here. */
function TopUpButton(props: { shortfall: number; label: string }) {
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<AddCardIcon />}
      component={Link}
      to={props.shortfall > 0 ? topUpPath(props.shortfall) : TOP_UP_PATH}
      onClick={() => rememberTopUpReturn(DASHBOARD_PATH)}
    >
      {props.label}
    </Button>
  );
}

export function MoneyCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.money.title')} summary={summary} skeletonLines={4}>
      {(data) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure
              label={translate('dashboard.money.balance')}
              value={formatVnd(data.balance)}
              testId="dashboard-balance"
            />
            <Figure
              label={translate('dashboard.money.unpaid')}
              value={formatVnd(data.unpaid_amount)}
              testId="dashboard-unpaid"
            />
          </Stack>
          {data.balance === 0 && data.unpaid_amount === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('dashboard.money.empty')}
            </Typography>
          ) : data.unpaid_amount === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('dashboard.money.nothing_unpaid')}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TopUpButton
              shortfall={data.unpaid_amount - data.balance}
              label={translate('dashboard.money.top_up')}
            />
            {data.unpaid_amount > 0 ? (
              <Button variant="outlined" size="small" component={Link} to="/billing">
                {translate('dashboard.money.pay')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      )}
    </DashboardCard>
  );
}

function Figure(props: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        data-testid={props.testId}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {props.value}
      </Typography>
    </Box>
  );
}

export function TrialCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.trial.title')} summary={summary} skeletonLines={2}>
      {(data) => <TrialState data={data} />}
    </DashboardCard>
  );
}

/**
 * Whether the dashboard shows the trial card: not to an account whose trial is over and paid (the
 * user info no longer has its dates; `active` or this browser's memory says there was one).
 */
export function trialCardShown(summary: SummaryQuery, userId: number | undefined): boolean {
  const trial = summary.data?.trial;
  if (!trial || trial.start_date) return true;
  return !(trial.active || (userId !== undefined && hadTrial(userId)));
}

function TrialState({ data }: { data: DashboardSummary }) {
  const translate = useTranslate();
  const step = useTrialStep();
  const { trial } = data;
  if (!trial.start_date || !trial.end_date) {
    const search = new URLSearchParams({
      subject: translate('dashboard.trial.request_subject'),
    }).toString();
    return (
      <EmptyState
        text={translate('dashboard.trial.none')}
        action={translate('dashboard.trial.request')}
        to={`/ticket?${search}`}
      />
    );
  }
  // The banner's figures (GET /auth/trial) once known, the summary's until then.
  const amount = step?.amount ?? trial.amount_to_upgrade;
  const period = step?.period ?? expectedPeriod(trial, serverNow());
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">
        {trial.expired
          ? trialBillWords(translate, { trialEnd: trial.end_date, amount, period })
          : `${translate('dashboard.trial.running', { date: formatDate(trial.end_date) })} ${translate(
              'dashboard.trial.pay_to_keep',
              { amount: formatVnd(amount), period: sayPeriod(translate, period.start, period.end) },
            )}`}
      </Typography>
      <Button
        variant="contained"
        size="small"
        component={Link}
        to={upgradeDialogPath(DASHBOARD_PATH, '')}
      >
        {translate(trial.expired ? 'shell.trial_step.pay_bill' : 'dashboard.trial.upgrade')}
      </Button>
    </Stack>
  );
}

/**
 * The banners at the top of every signed-in page (spec §2 "Banners and the upgrade dialog"):
 * overdue invoices, and a trial that is running (with its end date) or has ended. A trial has one
 * next step (src/components/trialStep.ts): while it runs, pay to keep its resources (or ask
 * support for more trial time); once it has ended, pay its one bill — the amount and period in the
 * banner, one button opening the upgrade dialog. When that bill is the only overdue invoice, the
 * overdue banner is not shown as a second thing to do.
 *
 * The layout owns the upgrade dialog: any page opens it with `?upgrade=1` (the dashboard's trial
 * card, the blocked-action notice, the top-up's way back), which is taken out of the address once
 * read.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useSearchParams } from 'react-router-dom';

import {
  rememberHadTrial,
  trialBillWords,
  UPGRADE_PARAM,
  useTrialStep,
} from '../components/trialStep';
import { formatDate } from '../domain/dates';
import type { PortalIdentity } from './usePortalIdentity';

/** The dialog is downloaded the first time it opens: most visits never show it. */
const TrialUpgradeDialog = lazy(() =>
  import('./TrialUpgradeDialog').then((module) => ({ default: module.TrialUpgradeDialog })),
);

interface AccountBannersProps {
  identity: PortalIdentity | undefined;
  refreshIdentity: () => Promise<unknown>;
}

export function AccountBanners({ identity, refreshIdentity }: AccountBannersProps) {
  const translate = useTranslate();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Once opened, the dialog stays mounted (state adjusted while rendering, as React advises).
  const [dialogOpened, setDialogOpened] = useState(false);
  if (dialogOpen && !dialogOpened) setDialogOpened(true);
  // Spec §4: after a successful upgrade the banner goes away at once.
  const [upgraded, setUpgraded] = useState(false);
  const step = useTrialStep();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const trial = identity?.trial;
  const onTrial = Boolean(trial?.start_date) && !upgraded;
  const userId = identity?.id;
  const trialSeen = Boolean(trial?.start_date);

  // An account seen on a trial is never offered a trial again (the card asks this).
  useEffect(() => {
    if (userId !== undefined && trialSeen) rememberHadTrial(userId);
  }, [userId, trialSeen]);

  // `?upgrade=1`: open the dialog (on a trial) once per visit of such an address…
  const upgradeAsked = searchParams.get(UPGRADE_PARAM) === '1';
  const [answeredAsk, setAnsweredAsk] = useState<string>();
  if (upgradeAsked && identity && answeredAsk !== location.key) {
    setAnsweredAsk(location.key);
    if (onTrial) setDialogOpen(true);
  }
  // …then take the request out of the address, so a reload or Back does not open it again.
  useEffect(() => {
    if (!upgradeAsked || !identity) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(UPGRADE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [upgradeAsked, identity, setSearchParams]);

  if (!identity || !trial) return null;
  const openDialog = () => setDialogOpen(true);
  const expired = onTrial && trial.expired;
  // When the trial's bill is all that is overdue, one banner says what to do: the trial's. (Until
  // that is known, the trial's banner alone.)
  const overdue = identity.has_expired_invoices && (!expired || step?.otherOverdue === true);

  const ticketSearch = new URLSearchParams({
    subject: translate('shell.banner.trial_request_subject'),
  }).toString();

  return (
    <>
      {overdue || onTrial ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {overdue ? (
            <Banner
              severity="error"
              text={translate('shell.banner.overdue')}
              actions={
                <Button color="inherit" size="small" component={Link} to="/billing">
                  {translate('shell.banner.pay_invoices')}
                </Button>
              }
            />
          ) : null}
          {expired && step ? (
            <Banner
              severity="warning"
              text={trialBillWords(translate, {
                trialEnd: step.endDate,
                amount: step.amount,
                period: step.period,
              })}
              actions={
                <Button color="inherit" size="small" onClick={openDialog}>
                  {translate('shell.trial_step.pay_bill')}
                </Button>
              }
            />
          ) : null}
          {onTrial && !trial.expired ? (
            <Banner
              severity="info"
              text={translate('shell.banner.trial_running', {
                date: trial.end_date ? formatDate(trial.end_date) : '—',
              })}
              actions={
                <>
                  <Button color="inherit" size="small" onClick={openDialog}>
                    {translate('shell.banner.pay_trial')}
                  </Button>
                  <Button
                    color="inherit"
                    size="small"
                    component={Link}
                    to={`/ticket?${ticketSearch}`}
                  >
                    {translate('shell.banner.request_trial')}
                  </Button>
                </>
              }
            />
          ) : null}
        </Stack>
      ) : null}
      {/* Mounted from its first opening on: refreshing the identity may end the trial while it is
          open. */}
      {dialogOpen || dialogOpened ? (
        <Suspense fallback={null}>
          <TrialUpgradeDialog
            open={dialogOpen}
            balance={identity.balance}
            expired={trial.expired}
            trialEnd={trial.end_date}
            onClose={() => setDialogOpen(false)}
            onUpgraded={() => {
              setUpgraded(true);
              setDialogOpen(false);
            }}
            refreshIdentity={refreshIdentity}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** One banner: its message, and its actions beneath (they wrap on narrow screens). */
function Banner(props: { severity: AlertColor; text: string; actions: ReactNode }) {
  return (
    <Alert severity={props.severity}>
      {props.text}
      <Stack
        direction="row"
        useFlexGap
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          mt: 0.5,
          ml: -0.5,
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        {props.actions}
      </Stack>
    </Alert>
  );
}

/**
 * The banners at the top of every signed-in page (spec §2 "Banners and the upgrade dialog"):
 * overdue invoices, and a trial that is running (with its end date) or has expired. The trial
 * banner opens the upgrade dialog and offers to ask support for more trial time.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { formatDate } from '../domain/dates';
import { TrialUpgradeDialog } from './TrialUpgradeDialog';
import type { PortalIdentity } from './usePortalIdentity';

interface AccountBannersProps {
  identity: PortalIdentity | undefined;
  refreshIdentity: () => Promise<unknown>;
}

export function AccountBanners({ identity, refreshIdentity }: AccountBannersProps) {
  const translate = useTranslate();
  const [dialogOpen, setDialogOpen] = useState(false);
  // Spec §4: after a successful upgrade the banner goes away at once.
  const [upgraded, setUpgraded] = useState(false);

  if (!identity) return null;
  const trial = identity.trial;
  const onTrial = Boolean(trial?.start_date) && !upgraded;
  const openDialog = () => setDialogOpen(true);

  const ticketSearch = new URLSearchParams({
    subject: translate('shell.banner.trial_request_subject'),
  }).toString();
  const requestTrial = (
    <Button color="inherit" size="small" component={Link} to={`/ticket?${ticketSearch}`}>
      {translate('shell.banner.request_trial')}
    </Button>
  );

  return (
    <>
      {identity.has_expired_invoices || onTrial ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {identity.has_expired_invoices ? (
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
          {onTrial && trial.expired ? (
            <Banner
              severity="warning"
              text={translate('shell.banner.trial_expired')}
              actions={
                <>
                  <Button color="inherit" size="small" onClick={openDialog}>
                    {translate('shell.banner.upgrade')}
                  </Button>
                  {requestTrial}
                </>
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
                  {requestTrial}
                </>
              }
            />
          ) : null}
        </Stack>
      ) : null}
      {/* Always mounted: refreshing the identity may end the trial while the dialog is open. */}
      <TrialUpgradeDialog
        open={dialogOpen}
        balance={identity.balance}
        onClose={() => setDialogOpen(false)}
        onUpgraded={() => {
          setUpgraded(true);
          setDialogOpen(false);
        }}
        refreshIdentity={refreshIdentity}
      />
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

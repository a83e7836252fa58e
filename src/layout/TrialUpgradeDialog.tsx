/**
 * The trial upgrade dialog (spec §2 "Banners and the upgrade dialog", §4 "Trial upgrade
 * success"): the packages the upgrade pays for — named as the customer knows them — the period
 * they are paid for ("từ DD-MM-YYYY đến hết DD-MM-YYYY": while the trial runs from today, once it
 * has ended its one bill, from its end; both to the end of that month) and their total. When the
 * balance covers the total the button pays (for an ended trial that pays its bill, as Billing
 * would); otherwise it leads to billing with the missing amount and the top-up dialog open, and
 * the top-up's success page leads back to this dialog, open (`?upgrade=1`, see trialStep.ts).
 * On a phone the packages are stacked, not a table cut at the screen's edge. Spec §8 keeps a
 * failed load silent (no toast): the dialog itself says it could not load and offers to try
 * again, so a failure never reads as "nothing to pay".
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

import type { TrialPackageList } from '../api/auth';
import { signedInAuthApi } from '../api/signedInAuth';
import { LoadFailed } from '../components/LoadFailed';
import { PHONE_QUERY } from '../components/phoneLayout';
import { rememberTopUpReturn, topUpPath } from '../components/topUpPath';
import { errorMessage } from '../api/client';
import { RenewalSoonNote } from '../components/FirstPaymentNote';
import { packagesPeriod, trialBillWords, upgradeDialogPath } from '../components/trialStep';
import { useRefreshIdentity } from '../components/useRefreshIdentity';
import { getToken } from '../authProvider/sessionStore';
import { NOTIFICATION_MS } from '../domain/constants';
import { formatVnd } from '../domain/money';
import { sayPeriod } from '../domain/periods';

/** The react-admin resource of Billing's invoice list, read again after the upgrade paid one. */
const INVOICES_RESOURCE = 'invoices';

interface TrialUpgradeDialogProps {
  open: boolean;
  balance: number;
  /** The trial has ended: the dialog pays its one bill. */
  expired: boolean;
  /** When the trial ends or ended. */
  trialEnd: string | null;
  onClose: () => void;
  /** Called after a successful upgrade, once the identity has been refreshed. */
  onUpgraded: () => void;
  /** Refreshes react-admin's identity (useGetIdentity().refetch). */
  refreshIdentity: () => Promise<unknown>;
}

type Packages =
  | { state: 'loading' }
  | { state: 'loaded'; list: TrialPackageList }
  | { state: 'failed'; error: unknown };

export function TrialUpgradeDialog(props: TrialUpgradeDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{translate('shell.upgrade.title')}</DialogTitle>
      {/* Mounted only while open, so every opening loads the packages afresh. */}
      {props.open ? <UpgradeContent {...props} /> : null}
    </Dialog>
  );
}

function UpgradeContent({
  balance,
  expired,
  trialEnd,
  onClose,
  onUpgraded,
  refreshIdentity,
}: TrialUpgradeDialogProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const onPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const refreshAfterPayment = useRefreshIdentity();
  const [packages, setPackages] = useState<Packages>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [paying, setPaying] = useState(false);
  const payingRef = useRef(false);

  useEffect(() => {
    let current = true;
    const token = getToken();
    // Without a token there is nothing to load: shown as the generic load failure.
    const load = token
      ? signedInAuthApi.getTrialPackages(token, locale)
      : Promise.reject(undefined);
    load.then(
      (list) => {
        if (current) setPackages({ state: 'loaded', list });
      },
      async (error: unknown) => {
        if (!current || (await logoutIfAccessDenied(error))) return;
        setPackages({ state: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [locale, attempt, logoutIfAccessDenied]);

  const retry = () => {
    setPackages({ state: 'loading' });
    setAttempt((count) => count + 1);
  };

  if (packages.state === 'failed') {
    return (
      <>
        <DialogContent>
          <LoadFailed error={packages.error} onRetry={retry} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('shell.upgrade.close')}</Button>
        </DialogActions>
      </>
    );
  }

  if (packages.state === 'loading') {
    return (
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('shell.upgrade.loading')} />
        </Box>
      </DialogContent>
    );
  }

  const { items, total } = packages.list;
  const missing = Math.max(0, total - balance);
  const canPay = missing === 0;
  const period = packagesPeriod(packages.list);

  const pay = async () => {
    if (payingRef.current) return;
    payingRef.current = true;
    setPaying(true);
    try {
      const token = getToken();
      if (!token) throw new Error(translate('shell.upgrade.failed'));
      const { message } = await signedInAuthApi.upgradeTrial(token, locale);
      // authProvider.getIdentity answers from the stored user_info: store a fresh copy first
      // (the shared refresh does, and refreshes the dashboard's figures too).
      await refreshAfterPayment();
      await refreshIdentity();
      // For an ended trial the upgrade paid its bill: Billing's list shows it paid.
      await queryClient.invalidateQueries({ queryKey: [INVOICES_RESOURCE] });
      notify(message, {
        type: 'success',
        messageArgs: { _: message },
        autoHideDuration: NOTIFICATION_MS,
      });
      onUpgraded();
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        const text = errorMessage(error, translate, 'shell.upgrade.failed');
        notify(text, {
          type: 'error',
          messageArgs: { _: text },
          autoHideDuration: NOTIFICATION_MS,
        });
      }
    } finally {
      payingRef.current = false;
      setPaying(false);
    }
  };

  const topUp = () => {
    // The top-up's success page offers the way back to this page with this dialog open.
    rememberTopUpReturn(upgradeDialogPath(location.pathname, location.search));
    onClose();
    navigate(topUpPath(missing));
  };

  return (
    <>
      <DialogContent>
        {items.length === 0 ? (
          <Typography>{translate('shell.upgrade.empty')}</Typography>
        ) : (
          <>
            {period ? (
              <Typography sx={{ mb: 2 }}>
                {expired && trialEnd
                  ? trialBillWords(translate, { trialEnd, amount: total, period })
                  : translate('shell.upgrade.period', {
                      period: sayPeriod(translate, period.start, period.end),
                    })}
                {expired ? null : ` ${translate('shell.upgrade.ends_trial')}`}
              </Typography>
            ) : null}
            {period && !expired ? (
              <RenewalSoonNote
                sx={{ mb: 2 }}
                payment={{ amount: total, start: period.start, end: period.end }}
              />
            ) : null}
            {onPhone ? (
              <PackageStack list={packages.list} />
            ) : (
              <PackageTable list={packages.list} />
            )}
            <Typography sx={{ mt: 1 }}>
              {translate('shell.upgrade.balance', { amount: formatVnd(balance) })}
            </Typography>
            {canPay ? null : (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('shell.upgrade.short_balance', { amount: formatVnd(missing) })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={paying}>
          {translate('shell.upgrade.close')}
        </Button>
        {items.length === 0 ? null : canPay ? (
          <Button
            variant="contained"
            onClick={pay}
            disabled={paying}
            aria-busy={paying}
            startIcon={
              paying ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
            }
          >
            {translate('shell.upgrade.pay', { amount: formatVnd(total) })}
          </Button>
        ) : (
          <Button variant="contained" onClick={topUp}>
            {translate('shell.upgrade.top_up', { amount: formatVnd(missing) })}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

type Translate = ReturnType<typeof useTranslate>;

/** One package's plan: "120.000 ₫ / 1 tháng". */
function planText(item: TrialPackageList['items'][number], translate: Translate): string {
  return `${formatVnd(item.plan.price)} / ${translate('shell.upgrade.months', {
    smart_count: item.plan.interval_count,
  })}`;
}

/** One package's period: "từ 20-07-2025 đến hết 31-07-2025". */
function periodText(item: TrialPackageList['items'][number], translate: Translate): string {
  return sayPeriod(translate, item.start, item.end);
}

/** The packages as a table, from a tablet's width on. */
function PackageTable({ list }: { list: TrialPackageList }) {
  const translate = useTranslate();
  return (
    <TableContainer role="region" aria-label={translate('shell.upgrade.packages')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('shell.upgrade.resource')}</TableCell>
            <TableCell>{translate('shell.upgrade.plan')}</TableCell>
            <TableCell>{translate('shell.upgrade.paid_period')}</TableCell>
            <TableCell align="right">{translate('shell.upgrade.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.resource}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{planText(item, translate)}</TableCell>
              <TableCell>{periodText(item, translate)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatVnd(item.price.charge_this_month)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
              {translate('shell.upgrade.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatVnd(list.total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The packages stacked one under another on a phone: nothing is cut at the screen's edge. */
function PackageStack({ list }: { list: TrialPackageList }) {
  const translate = useTranslate();
  return (
    <Box role="region" aria-label={translate('shell.upgrade.packages')}>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5, overflowWrap: 'anywhere' }}
          >
            <Typography sx={{ fontWeight: 600 }}>{item.resource}</Typography>
            <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
              {(
                [
                  ['shell.upgrade.plan', planText(item, translate)],
                  ['shell.upgrade.paid_period', periodText(item, translate)],
                  ['shell.upgrade.amount', formatVnd(item.price.charge_this_month)],
                ] as const
              ).map(([label, value]) => (
                <Stack
                  key={label}
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between' }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(label)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {value}
                  </Typography>
                </Stack>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: 1.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{translate('shell.upgrade.total')}</Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatVnd(list.total)}
        </Typography>
      </Stack>
    </Box>
  );
}

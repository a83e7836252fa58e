/**
 * The trial upgrade dialog (spec §2 "Banners and the upgrade dialog", §4 "Trial upgrade
 * success"): the packages the upgrade pays for — named as the customer knows them, priced by the
 * sandbox from today to the end of the month — and their total. When the balance covers the total
 * the button pays; otherwise it leads to billing with the missing amount and the top-up dialog
 * open. Spec §8 keeps a failed load silent (no toast): the dialog itself says it could not load
 * and offers to try again, so a failure never reads as "nothing to pay".
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

import { authApi, type TrialPackageList } from '../api/auth';
import { LoadFailed } from '../components/LoadFailed';
import { rememberTopUpReturn, topUpPath } from '../components/topUpPath';
import { useRefreshIdentity } from '../components/useRefreshIdentity';
import { getToken } from '../authProvider/sessionStore';
import { formatDate } from '../domain/dates';
import { NOTIFICATION_MS } from '../domain/constants';
import { formatVnd } from '../domain/money';

interface TrialUpgradeDialogProps {
  open: boolean;
  balance: number;
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
  onClose,
  onUpgraded,
  refreshIdentity,
}: TrialUpgradeDialogProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
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
    const load = token ? authApi.getTrialPackages(token, locale) : Promise.reject(undefined);
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
  const planEnd = latestEnd(packages.list);

  const pay = async () => {
    if (payingRef.current) return;
    payingRef.current = true;
    setPaying(true);
    try {
      const token = getToken();
      if (!token) throw new Error(translate('shell.upgrade.failed'));
      const { message } = await authApi.upgradeTrial(token, locale);
      // authProvider.getIdentity answers from the stored user_info: store a fresh copy first
      // (the shared refresh does, and refreshes the dashboard's figures too).
      await refreshAfterPayment();
      await refreshIdentity();
      notify(message, {
        type: 'success',
        messageArgs: { _: message },
        autoHideDuration: NOTIFICATION_MS,
      });
      onUpgraded();
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        const message = error instanceof Error && error.message ? error.message : '';
        const text = message || translate('shell.upgrade.failed');
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
    // The top-up's success page offers the way back here, where the banner opens this dialog.
    rememberTopUpReturn(`${location.pathname}${location.search}`);
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
            {/* Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too. */}
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={translate('shell.upgrade.packages')}
            >
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('shell.upgrade.resource')}</TableCell>
                    <TableCell>{translate('shell.upgrade.plan')}</TableCell>
                    <TableCell>{translate('shell.upgrade.start')}</TableCell>
                    <TableCell>{translate('shell.upgrade.end')}</TableCell>
                    <TableCell align="right">
                      {translate('shell.upgrade.charge_this_month')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>{item.resource}</TableCell>
                      <TableCell>
                        {formatVnd(item.plan.price)} /{' '}
                        {translate('shell.upgrade.months', {
                          smart_count: item.plan.interval_count,
                        })}
                      </TableCell>
                      <TableCell>{formatDate(item.start)}</TableCell>
                      <TableCell>{formatDate(item.end)}</TableCell>
                      <TableCell align="right">{formatVnd(item.price.charge_this_month)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
                      {translate('shell.upgrade.total')}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatVnd(total)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
            {planEnd ? (
              <Typography sx={{ mt: 2 }}>
                {translate('shell.upgrade.plan_end', { date: formatDate(planEnd) })}
              </Typography>
            ) : null}
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
            startIcon={paying ? <CircularProgress size={18} color="inherit" /> : undefined}
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

/** The end-of-plan date: when the last of the upgraded packages ends. */
function latestEnd(list: TrialPackageList): string | undefined {
  let latest: string | undefined;
  for (const item of list.items) {
    if (latest === undefined || Date.parse(item.end) > Date.parse(latest)) latest = item.end;
  }
  return latest;
}

/**
 * /billing/payment: where a payment gateway sends the browser back. The return query is forwarded
 * to `GET /billing/topup` as spec §4 says (see paymentReturn.ts), then the browser moves on to
 * /billing/success or /billing/failure with the top-up's reference, replacing this page in the
 * history; that page reads the outcome (approved, pending, declined, cancelled) from the server.
 *
 * Reloading this page, or coming Back to it, asks topup again: the API credits a return once and
 * answers a repeat with the same result, so the customer sees the same success, never an error.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer } from '../../components/lostAnswer';
import { MessageCard } from '../../components/MessageCard';
import { errorText } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import {
  paymentReturnStep,
  resultPath,
  resultReference,
  type ResultPageState,
} from './paymentReturn';
import { PENDING_TOPUPS_KEY } from './PendingTopups';
import { WaitingPage } from './WaitingPage';

/** The billing lists whose rows a credit changes (react-admin resource names). */
const BALANCE_HISTORY_RESOURCE = 'balance-adjustments';

export default function PaymentReturnPage() {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const step = useMemo(() => paymentReturnStep(search), [search]);

  if (step.kind === 'not_a_return') {
    return (
      <MessageCard title={translate('topup.not_a_return_title')}>
        <Typography gutterBottom>{translate('topup.not_a_return')}</Typography>
        <Button component={Link} to="/billing" variant="contained" sx={{ mt: 1 }}>
          {translate('topup.back_to_billing')}
        </Button>
      </MessageCard>
    );
  }
  return <CompleteTopup step={step} />;
}

function CompleteTopup({
  step,
}: {
  step: Extract<ReturnType<typeof paymentReturnStep>, { kind: 'complete' }>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();

  const topup = useQuery({
    queryKey: ['billing', 'topup', step.query],
    queryFn: () => dataProvider.completeTopup(step.query),
    // Asked once per visit; the answer is acted on at once and must not be read from a cache.
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const failedWithAnswer = topup.isError && !isLostAnswer(topup.error);
  useEffect(() => {
    if (topup.isSuccess) {
      navigate(
        resultPath('success', {
          reference: resultReference(step, topup.data),
          method: step.method,
        }),
        { replace: true },
      );
      // The header's unpaid amount, the balance and the overdue banner follow without a reload.
      void refreshIdentity();
      void queryClient.invalidateQueries({ queryKey: [BALANCE_HISTORY_RESOURCE] });
      void queryClient.invalidateQueries({ queryKey: PENDING_TOPUPS_KEY });
    } else if (failedWithAnswer) {
      void queryClient.invalidateQueries({ queryKey: PENDING_TOPUPS_KEY });
      // Spec §8: no notification; the result page says what became of the top-up (declined,
      // cancelled, or still processing) from the server's record of its reference, or, without
      // a reference, the API's own words.
      const state: ResultPageState = { reason: errorText(topup.error) };
      navigate(
        resultPath('failure', { reference: resultReference(step, undefined), method: step.method }),
        {
          replace: true,
          state,
        },
      );
    }
  }, [
    topup.isSuccess,
    topup.data,
    topup.error,
    failedWithAnswer,
    step,
    navigate,
    refreshIdentity,
    queryClient,
  ]);

  if (topup.isError && isLostAnswer(topup.error)) {
    return (
      <MessageCard title={translate('topup.return_title')}>
        <Stack spacing={2} alignItems="flex-start">
          <Alert severity="warning">{translate('topup.result_unknown')}</Alert>
          <BusyButton variant="contained" busy={topup.isFetching} onClick={() => topup.refetch()}>
            {translate('app.action.retry')}
          </BusyButton>
        </Stack>
      </MessageCard>
    );
  }
  return <WaitingPage textKey="topup.returning" />;
}

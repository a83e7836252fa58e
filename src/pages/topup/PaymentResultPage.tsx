/**
 * /billing/success and /billing/failure: the end of a top-up (spec §4). The page reads the outcome
 * of the top-up its address names (`?reference=…`) from the server (issue 17) and never trusts an
 * amount in its address: approved (the dong credited, the new balance), pending ("processing",
 * credited when the gateway settles it), declined (with the gateway's reason), cancelled or
 * expired, each with its next step: try again, another method, support. PayPal's shows the dong
 * credited with the dollars charged beside it. Without a reference (typed by hand) it says so.
 * After a credit, a customer who came to top up from an order, a resize, an IP purchase or the
 * trial's upgrade dialog is led back there first (to the dialog, open).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link, useLocation, useSearchParams } from 'react-router-dom';

import { AskSupportLink } from '../../components/AskSupportLink';
import { MessageCard } from '../../components/MessageCard';
import { forgetTopUpReturn, topUpPath, topUpReturnPath } from '../../components/topUpPath';
import { UPGRADE_PARAM } from '../../components/trialStep';
import type { PaymentAttempt, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { referenceFromQuery, type ResultPageState } from './paymentReturn';
import { formatUsdAmount } from './usd';
import { WaitingPage } from './WaitingPage';

export default function PaymentResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const [search] = useSearchParams();
  const reference = referenceFromQuery(search);
  // Why, in the API's words, when the return page had no reference to ask about.
  const reason = (useLocation().state as ResultPageState | null)?.reason;
  return reference ? (
    <AttemptResult reference={reference} />
  ) : (
    <NoReference outcome={outcome} reason={reason} />
  );
}

/** Opened without a reference: nothing to show but the way on. */
function NoReference({ outcome, reason }: { outcome: 'success' | 'failure'; reason?: string }) {
  const translate = useTranslate();
  const [returnPath] = useState(() => (outcome === 'success' ? topUpReturnPath() : null));
  return (
    <MessageCard title={translate('topup.result.no_reference_title')}>
      {reason && (
        <Typography gutterBottom role="status">
          {reason}
        </Typography>
      )}
      <Typography gutterBottom>{translate('topup.result.no_reference')}</Typography>
      <NextSteps returnPath={returnPath} />
    </MessageCard>
  );
}

function AttemptResult({ reference }: { reference: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const attempt = useQuery({
    queryKey: ['billing', 'payment_attempts', reference, locale],
    queryFn: () => dataProvider.getPaymentAttempt(reference),
    retry: false,
  });
  // Read once: the way back to where the top-up started, offered after a credit.
  const [returnPath] = useState(() => topUpReturnPath());

  if (attempt.isPending) return <WaitingPage textKey="topup.result.loading" />;
  if (attempt.isError) {
    const missing = (attempt.error as { status?: number }).status === 404;
    return (
      <MessageCard title={translate('topup.return_title')}>
        <Alert
          severity={missing ? 'warning' : 'error'}
          sx={{ mb: 2 }}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void attempt.refetch()}>
                {translate('app.action.retry')}
              </Button>
            )
          }
        >
          {translate(missing ? 'topup.result.not_found' : 'topup.result.load_error')}
        </Alert>
        <NextSteps returnPath={null} />
      </MessageCard>
    );
  }
  const result = attempt.data;
  const { status } = result;
  return (
    <MessageCard title={translate(`topup.result.${status}_title`)}>
      {/* Said to screen-reader users as the payment's outcome arrives (polite live region). */}
      <Typography gutterBottom role="status">
        {status === 'credited'
          ? translate('topup.result.credited_text', {
              amount: formatVnd(result.credited_amount ?? result.amount),
            })
          : translate(`topup.result.${status}_text`)}
      </Typography>
      <Details attempt={result} locale={locale} />
      {status === 'credited' ? (
        <NextSteps returnPath={returnPath} />
      ) : (
        <AfterNoCredit attempt={result} />
      )}
    </MessageCard>
  );
}

function Details({ attempt, locale }: { attempt: PaymentAttempt; locale: string }) {
  const translate = useTranslate();
  const rows: [label: string, value: ReactNode][] = [
    ['topup.result.status_label', translate(`topup.result.status.${attempt.status}`)],
    ['topup.result.method_label', translate(`topup.methods.${attempt.method}`)],
    [
      attempt.status === 'credited' ? 'topup.result.credited_label' : 'topup.result.amount_label',
      formatVnd(attempt.credited_amount ?? attempt.amount),
    ],
  ];
  if (attempt.charged_currency === 'USD') {
    rows.push([
      'topup.result.charged_label',
      `${formatUsdAmount(attempt.charged_amount, locale)} USD`,
    ]);
  }
  if (attempt.balance_after !== null) {
    rows.push(['topup.result.balance_label', formatVnd(attempt.balance_after)]);
  }
  if (attempt.reason && attempt.status !== 'credited') {
    rows.push([
      'topup.result.reason_label',
      attempt.response_code
        ? translate('topup.result.reason_with_code', {
            reason: attempt.reason,
            code: attempt.response_code,
          })
        : attempt.reason,
    ]);
  }
  rows.push(['topup.result.reference_label', attempt.reference]);
  if (attempt.transaction_id) {
    rows.push(['topup.result.gateway_number_label', attempt.transaction_id]);
  }
  rows.push(['topup.result.date_label', formatDateTime(attempt.settled ?? attempt.created)]);
  return (
    <Stack component="dl" spacing={0.5} sx={{ my: 2 }}>
      {rows.map(([label, value]) => (
        <Stack
          key={label}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0, sm: 1 }}
          component="div"
        >
          <Typography component="dt" color="text.secondary" sx={{ minWidth: 170 }}>
            {translate(label)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Pending: where it stays listed. Declined, cancelled, expired: try again, another way, support. */
function AfterNoCredit({ attempt }: { attempt: PaymentAttempt }) {
  const translate = useTranslate();
  const support = (
    <AskSupportLink
      subject={translate('topup.result.support_subject', { reference: attempt.reference })}
    />
  );
  if (attempt.status === 'pending') {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button component={Link} to="/billing" variant="contained">
          {translate('topup.result.see_pending')}
        </Button>
        {support}
      </Stack>
    );
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      sx={{ alignItems: 'flex-start' }}
    >
      <Button component={Link} to={topUpPath(attempt.amount)} variant="contained">
        {translate('topup.result.try_again')}
      </Button>
      <Button component={Link} to={topUpPath(attempt.amount)} variant="outlined">
        {translate('topup.result.other_method')}
      </Button>
      {support}
      <Button component={Link} to="/billing">
        {translate('topup.back_to_billing')}
      </Button>
    </Stack>
  );
}

function NextSteps({ returnPath }: { returnPath: string | null }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
      {returnPath ? (
        <Button component={Link} to={returnPath} variant="contained" onClick={forgetTopUpReturn}>
          {translate(backLabel(returnPath))}
        </Button>
      ) : null}
      <Button
        component={Link}
        to="/billing"
        variant={returnPath ? 'outlined' : 'contained'}
        onClick={returnPath ? forgetTopUpReturn : undefined}
      >
        {translate('topup.back_to_billing')}
      </Button>
    </Stack>
  );
}

/** The way back names where it leads: an order, the trial's upgrade dialog, or the page left. */
function backLabel(path: string): string {
  if (path.startsWith('/order/')) return 'topup.back_to_order';
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  return query.get(UPGRADE_PARAM) === '1' ? 'topup.back_to_upgrade' : 'topup.back_to_origin';
}

/**
 * /billing/success and /billing/failure: the end of a top-up (spec §4), showing the payment
 * method, the amount and the currency the return page passed on, with a way back to billing.
 * A visit without those details (typed by hand) shows the message alone. After a success, a
 * customer who came to top up from an order, a resize, an IP purchase or the trial's upgrade
 * dialog is led back there first (to the dialog, open).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useSearchParams } from 'react-router-dom';

import { formatVnd } from '../../domain/money';
import { MessageCard } from '../../components/MessageCard';
import { forgetTopUpReturn, topUpReturnPath } from '../../components/topUpPath';
import { UPGRADE_PARAM } from '../../components/trialStep';
import { outcomeFromQuery, type PaymentOutcome, type ResultPageState } from './paymentReturn';

const KNOWN_METHODS = ['card', 'paypal', 'bank_transfer'];

export default function PaymentResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const payment = outcomeFromQuery(search);
  // Why, in the API's words, when the return page knew (a PayPal sale still pending, say).
  const reason = (useLocation().state as ResultPageState | null)?.reason;
  const details: [label: string, value: string][] = [
    ['topup.method_label', methodName(payment.method, translate)],
    ['topup.amount_label', formattedAmount(payment)],
    ['topup.currency_label', payment.currency],
  ];
  const shown = details.filter(([, value]) => value);
  const [returnPath] = useState(() => (outcome === 'success' ? topUpReturnPath() : null));

  return (
    <MessageCard title={translate(`topup.${outcome}_title`)}>
      {/* Said to screen-reader users as the payment's outcome arrives (polite live region). */}
      <Typography gutterBottom role="status">
        {translate(`topup.${outcome}_text`)}
      </Typography>
      {reason && (
        <Typography color="text.secondary" gutterBottom>
          {reason}
        </Typography>
      )}
      {shown.length > 0 && (
        <Stack component="dl" spacing={0.5} sx={{ my: 2 }}>
          {shown.map(([label, value]) => (
            <Stack key={label} direction="row" spacing={1} component="div">
              <Typography component="dt" color="text.secondary" sx={{ minWidth: 110 }}>
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
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
    </MessageCard>
  );
}

/** The way back names where it leads: an order, the trial's upgrade dialog, or the page left. */
function backLabel(path: string): string {
  if (path.startsWith('/order/')) return 'topup.back_to_order';
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  return query.get(UPGRADE_PARAM) === '1' ? 'topup.back_to_upgrade' : 'topup.back_to_origin';
}

function methodName(method: string, translate: (key: string) => string): string {
  if (!method) return '';
  return KNOWN_METHODS.includes(method) ? translate(`topup.methods.${method}`) : method;
}

/** Dong as the portal writes money (spec §9); another currency (PayPal's USD) as PayPal wrote it. */
function formattedAmount({ amount, currency }: PaymentOutcome): string {
  if (!amount) return '';
  if (currency === 'VND' && /^\d+$/.test(amount)) return formatVnd(Number(amount));
  return currency ? `${amount} ${currency}` : amount;
}

/**
 * /billing/success and /billing/failure: the end of a top-up (spec §4), showing the payment
 * method, the amount and the currency the return page passed on, with a way back to billing.
 * A visit without those details (typed by hand) shows the message alone.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';

import { formatVnd } from '../../domain/money';
import { MessageCard } from '../../components/MessageCard';
import { outcomeFromQuery, type PaymentOutcome } from './paymentReturn';

const KNOWN_METHODS = ['card', 'paypal', 'bank_transfer'];

export default function PaymentResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const payment = outcomeFromQuery(search);
  const details: [label: string, value: string][] = [
    ['topup.method_label', methodName(payment.method, translate)],
    ['topup.amount_label', formattedAmount(payment)],
    ['topup.currency_label', payment.currency],
  ];
  const shown = details.filter(([, value]) => value);

  return (
    <MessageCard title={translate(`topup.${outcome}_title`)}>
      <Typography gutterBottom>{translate(`topup.${outcome}_text`)}</Typography>
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
      <Button component={Link} to="/billing" variant="contained">
        {translate('topup.back_to_billing')}
      </Button>
    </MessageCard>
  );
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

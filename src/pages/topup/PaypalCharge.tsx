/**
 * The PayPal step of the top-up dialog: what PayPal will charge in dollars and at which rate,
 * both as the API answered them (the credit uses the same rate), before the browser leaves.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';

import type { PaymentRequest } from '../../dataProvider/dataProvider';
import { formatVnd, groupThousands } from '../../domain/money';
import { formatUsdAmount } from './usd';

export function PaypalCharge({ request }: { request: PaymentRequest }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {translate('topup.paypal_title')}
      </Typography>
      <Alert severity="info" icon={false}>
        <Typography sx={{ fontWeight: 500 }}>
          {translate('topup.paypal_charge', {
            usd: formatUsdAmount(request.charged_amount, locale),
            rate: groupThousands(request.exchange_rate ?? 0),
          })}
        </Typography>
      </Alert>
      <Typography>
        {translate('topup.paypal_credit', { amount: formatVnd(request.amount) })}
      </Typography>
    </Stack>
  );
}

/**
 * The Billing page's "pending top-ups" card (issue 17): what the customer still waits for, read
 * from `GET /billing/payment_attempts?status=pending` — bank transfers not received yet, with the
 * account, the amount and the reference to copy and their VietQR code, and card or PayPal payments
 * the gateway holds as pending ("processing"). Each stays listed with its reference until it
 * settles, so nobody pays twice. Hidden while there is nothing pending.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';

import type { PaymentAttempt, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { CopyableField } from './CopyableField';
import { VietQrCode } from './VietQrCode';

/** The query of the pending top-ups: a new top-up or a credit refreshes it. */
export const PENDING_TOPUPS_KEY = ['billing', 'payment_attempts', 'pending'] as const;

export function PendingTopups() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const pending = useQuery({
    // The reasons come in the request's language.
    queryKey: [...PENDING_TOPUPS_KEY, locale],
    queryFn: () => dataProvider.listPendingTopups(),
  });

  if (pending.isPending || (pending.isSuccess && pending.data.items.length === 0)) return null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {translate('topup.pending.title')}
        </Typography>
        {pending.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void pending.refetch()}>
                {translate('app.action.retry')}
              </Button>
            }
          >
            {translate('topup.pending.error')}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary" gutterBottom>
              {translate('topup.pending.intro')}
            </Typography>
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {pending.data.items.map((attempt) => (
                <PendingTopup key={attempt.reference} attempt={attempt} />
              ))}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PendingTopup({ attempt }: { attempt: PaymentAttempt }) {
  const translate = useTranslate();
  const [showQr, setShowQr] = useState(false);
  const account = attempt.bank_account;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
      aria-label={`${translate(`topup.methods.${attempt.method}`)} ${attempt.reference}`}
    >
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
        <Typography sx={{ fontWeight: 600 }}>{formatVnd(attempt.amount)}</Typography>
        <Typography color="text.secondary">
          {translate(`topup.methods.${attempt.method}`)}
        </Typography>
        <Chip size="small" color="warning" label={translate('topup.result.status.pending')} />
      </Stack>
      {attempt.reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {attempt.reason}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {account
          ? translate('topup.pending.awaited_until', { date: formatDateTime(attempt.expires) })
          : translate('topup.pending.created', { date: formatDateTime(attempt.created) })}
      </Typography>
      <Stack component="dl" spacing={1.5} sx={{ my: 1.5 }}>
        <CopyableField label={translate('topup.bank_reference')} value={attempt.reference} />
        {account && (
          <>
            <CopyableField
              label={translate('topup.bank_amount')}
              value={formatVnd(attempt.amount)}
              copyText={String(attempt.amount)}
            />
            <CopyableField label={translate('topup.qr.bank')} value={account.bank} />
            <CopyableField
              label={translate('topup.qr.account')}
              value={account.number}
              copyText={account.number.replace(/\s+/g, '')}
            />
            <CopyableField label={translate('topup.qr.holder')} value={account.holder} />
          </>
        )}
      </Stack>
      {account && (
        <>
          <Button
            variant="outlined"
            size="small"
            aria-expanded={showQr}
            onClick={() => setShowQr((shown) => !shown)}
          >
            {translate(showQr ? 'topup.pending.hide_qr' : 'topup.pending.show_qr')}
          </Button>
          {showQr && (
            <Box sx={{ mt: 1.5 }}>
              <VietQrCode account={account} amount={attempt.amount} reference={attempt.reference} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

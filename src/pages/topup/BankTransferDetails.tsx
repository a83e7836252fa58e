/**
 * The bank-transfer step of the top-up dialog: the receiving account, the amount and the
 * reference to write in the note, each with a copy button, the VietQR code that fills them in a
 * banking app, and what happens after the transfer. After the dialog closes, the same details stay
 * on the Billing page's "pending top-ups" card (PendingTopups.tsx).
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import type { PaymentRequest } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { CopyableField } from './CopyableField';
import { VietQrCode } from './VietQrCode';

export function BankTransferDetails({ request }: { request: PaymentRequest }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {translate('topup.bank_title')}
      </Typography>
      <Typography>{translate('topup.bank_intro')}</Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        <CopyableField
          label={translate('topup.bank_details')}
          value={request.bank_transfer_details ?? ''}
        />
        <CopyableField
          label={translate('topup.bank_amount')}
          value={formatVnd(request.amount)}
          copyText={String(request.amount)}
        />
        <CopyableField label={translate('topup.bank_reference')} value={request.reference} />
      </Stack>
      {request.bank_account && (
        <VietQrCode
          account={request.bank_account}
          amount={request.amount}
          reference={request.reference}
        />
      )}
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {translate('topup.bank_next_title')}
      </Typography>
      <Typography component="ul" sx={{ m: 0, pl: 3 }}>
        <li>{translate('topup.bank_next_reference', { reference: request.reference })}</li>
        <li>{translate('topup.bank_next_credit')}</li>
        <li>{translate('topup.bank_next_payments')}</li>
      </Typography>
    </Stack>
  );
}

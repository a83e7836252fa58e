/**
 * The VietQR code of a bank transfer (src/domain/vietQr.ts): the receiving account, the amount
 * and the reference as the transfer note, which a banking app fills in when it scans the code.
 * The QR library is loaded by a dynamic import(), in a chunk of its own, only when a code is drawn.
 */
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';

import { QrCodeImage } from '../../components/QrCodeImage';
import type { PaymentRequest } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { vietQrPayload } from '../../domain/vietQr';

type BankAccount = NonNullable<PaymentRequest['bank_account']>;

/** Drawn at this size: modules stay several pixels wide, so phone cameras read it at once. */
const SIZE = 240;

export function VietQrCode({
  account,
  amount,
  reference,
}: {
  account: BankAccount;
  amount: number;
  reference: string;
}) {
  const translate = useTranslate();
  const payload = useMemo(() => {
    try {
      return vietQrPayload({ bin: account.bin, account: account.number, amount, note: reference });
    } catch {
      return undefined;
    }
  }, [account.bin, account.number, amount, reference]);
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography variant="subtitle2" component="p">
        {translate('topup.qr.title')}
      </Typography>
      <QrCodeImage
        text={payload}
        size={SIZE}
        alt={translate('topup.qr.alt', {
          amount: formatVnd(amount),
          account: account.number,
          reference,
        })}
        failedText={translate('topup.qr.error')}
        drawing={
          <Stack alignItems="center" spacing={1} role="status">
            <CircularProgress size={28} aria-hidden />
            <Typography variant="body2">{translate('topup.qr.loading')}</Typography>
          </Stack>
        }
        testId="vietqr"
      />
      <Typography variant="body2" color="text.secondary">
        {translate('topup.qr.hint')}
      </Typography>
    </Stack>
  );
}

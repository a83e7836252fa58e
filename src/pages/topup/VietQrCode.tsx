/**
 * The VietQR code of a bank transfer (src/domain/vietQr.ts): the receiving account, the amount
 * and the reference as the transfer note, which a banking app fills in when it scans the code.
 * The QR library is loaded by a dynamic import(), in a chunk of its own, only when a code is drawn.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type * as QrCodeModule from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';

import type { PaymentRequest } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { vietQrPayload } from '../../domain/vietQr';

type BankAccount = NonNullable<PaymentRequest['bank_account']>;

/** Drawn at this size: modules stay several pixels wide, so phone cameras read it at once. */
const SIZE = 240;

async function drawQr(payload: string): Promise<string> {
  const loaded = (await import('qrcode')) as typeof QrCodeModule & {
    default?: typeof QrCodeModule;
  };
  const qr = loaded.default ?? loaded;
  return qr.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: SIZE });
}

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
  const [drawn, setDrawn] = useState<{ payload: string; image?: string; failed?: boolean }>();

  useEffect(() => {
    if (!payload) return undefined;
    let current = true;
    drawQr(payload).then(
      (image) => current && setDrawn({ payload, image }),
      () => current && setDrawn({ payload, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [payload]);

  const ready = drawn?.payload === payload ? drawn : undefined;
  const failed = !payload || ready?.failed;
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography variant="subtitle2" component="p">
        {translate('topup.qr.title')}
      </Typography>
      <Box
        sx={{
          width: SIZE,
          maxWidth: '100%',
          aspectRatio: '1',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: '#fff',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {failed ? (
          <Typography role="alert" variant="body2" sx={{ p: 2 }}>
            {translate('topup.qr.error')}
          </Typography>
        ) : ready?.image ? (
          <img
            src={ready.image}
            width={SIZE}
            height={SIZE}
            style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
            alt={translate('topup.qr.alt', {
              amount: formatVnd(amount),
              account: account.number,
              reference,
            })}
            data-testid="vietqr"
          />
        ) : (
          <Stack alignItems="center" spacing={1} role="status">
            <CircularProgress size={28} aria-hidden />
            <Typography variant="body2">{translate('topup.qr.loading')}</Typography>
          </Stack>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('topup.qr.hint')}
      </Typography>
    </Stack>
  );
}

/** Redeems a gift (credit) code into the balance (POST /billing/apply_coupon), with its toast. */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { errorMessage, errorStatus } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { useRefreshAfterPayment } from './useRefreshAfterPayment';

export function GiftCodeField() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const refreshAfterPayment = useRefreshAfterPayment();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const redeem = useMutation({
    // A lost answer may hide a credit that went through: read the balance again first.
    mutationFn: (giftCode: string) =>
      recheckIfAnswerLost(() => dataProvider.applyCreditCoupon(giftCode), refreshAfterPayment),
    onSuccess: async (result) => {
      setCode('');
      notify.success('billing.gift.applied', { amount: formatVnd(result.amount) });
      await refreshAfterPayment();
    },
    onError: (error) => {
      if (isLostAnswer(error)) notify.resultUnknown();
      // The sandbox says why the code was refused (unknown, expired, used, a discount code…), in
      // the reader's language.
      else if (errorStatus(error) === 400) {
        setCodeError(errorMessage(error, translate, 'billing.pay.coupon_invalid'));
      } else notify.error(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const giftCode = code.trim();
    if (!giftCode || redeem.isPending) return;
    return redeem.mutateAsync(giftCode).catch(() => undefined);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ width: '100%', maxWidth: 420 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('billing.gift.label')}
          value={code}
          disabled={redeem.isPending}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(undefined);
          }}
          error={codeError !== undefined}
          helperText={codeError}
          autoComplete="off"
          sx={{ flexGrow: 1 }}
        />
        <BusyButton
          type="submit"
          variant="outlined"
          busy={redeem.isPending}
          disabled={!code.trim()}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0, height: 40 }}
        >
          {translate('billing.gift.apply')}
        </BusyButton>
      </Stack>
    </Box>
  );
}

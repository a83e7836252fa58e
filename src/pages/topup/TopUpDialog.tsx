/**
 * The top-up dialog (issue 7): an amount in dong (a preset or typed, at least the contract's
 * minimum) and a payment method, then `POST /billing/gen_payment_req_url`.
 * - Card: the browser goes straight to the gateway page answered.
 * - PayPal: the dialog first shows the dollars PayPal will charge and the exchange rate answered
 *   (the one the credit uses), then goes to PayPal.
 * - Bank transfer: the dialog shows the account, the amount and the reference to write, to copy.
 * The gateways send the browser back to /billing/payment. "Back" returns to the form as it was.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PaymentGateway, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatVnd, parseDong } from '../../domain/money';
import {
  TOPUP_MAX_AMOUNT,
  TOPUP_MIN_AMOUNT,
  validateTopupAmount,
} from '../../domain/recordValidation';
import { BankTransferDetails } from './BankTransferDetails';
import { PaypalCharge } from './PaypalCharge';
import { PENDING_TOPUPS_KEY } from './PendingTopups';

/** Quick choices, all at or above the contract's minimum. */
export const TOPUP_PRESETS = [100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000];

const METHODS: PaymentGateway[] = ['card', 'paypal', 'bank_transfer'];

/** Where the gateway sends the browser back; the API accepts this page only. */
export function paymentReturnUrl(): string {
  return `${window.location.origin}/idc/billing/payment`;
}

/** The page load, behind an object so tests can watch it (jsdom cannot navigate). */
export const gatewayNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export interface TopUpDialogProps {
  open: boolean;
  /** Pre-filled amount (the shortfall from `/billing?amount=N&topup=1`); empty when absent. */
  initialAmount?: number;
  onClose: () => void;
}

export function TopUpDialog({ open, initialAmount, onClose }: TopUpDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [amountText, setAmountText] = useState(() =>
    initialAmount && initialAmount > 0 ? String(Math.ceil(initialAmount)) : '',
  );
  const [method, setMethod] = useState<PaymentGateway>('card');
  const [touched, setTouched] = useState(false);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const queryClient = useQueryClient();

  const amount = parseDong(amountText);
  // Text that is not a number is a wrong amount, not a missing one.
  const amountError = Number.isNaN(amount)
    ? 'validation.topup_amount'
    : validateTopupAmount(amount);
  // Past the maximum the customer is told at once, not after pressing Pay.
  const overMaximum = amount !== undefined && amount > TOPUP_MAX_AMOUNT;
  const showError = (touched || overMaximum) && amountError !== undefined;

  const [goingToPaypal, setGoingToPaypal] = useState(false);
  const pay = useMutation({
    mutationFn: (request: { amount: number; method: PaymentGateway }) =>
      dataProvider.createPaymentRequest(
        request.method === 'bank_transfer'
          ? request
          : { ...request, return_url: paymentReturnUrl() },
      ),
    onSuccess: (answer) => {
      // A bank transfer is awaited from now on: the Billing page lists it when the dialog closes.
      if (answer.method === 'bank_transfer') {
        void queryClient.invalidateQueries({ queryKey: PENDING_TOPUPS_KEY });
      }
      // PayPal and bank transfer show their step first.
      if (answer.method === 'card' && answer.url) gatewayNavigation.assign(answer.url);
    },
    // Starting a payment moves no money (the gateway does, later), so any failure, a lost
    // answer included, may simply be tried again.
    onError: (error) => notify.error(error),
  });
  const answered = pay.data;
  // The button stays busy from the press until the gateway page replaces this one.
  const leaving =
    pay.isPending || (answered?.method === 'card' && Boolean(answered.url)) || goingToPaypal;
  const step =
    answered?.method === 'paypal' || answered?.method === 'bank_transfer' ? answered : undefined;

  const goToPaypal = () => {
    if (!step?.url || goingToPaypal) return;
    setGoingToPaypal(true);
    gatewayNavigation.assign(step.url);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (amountError !== undefined || amount === undefined || leaving) return undefined;
    return pay.mutateAsync({ amount, method });
  };

  // "You will top up" only for an amount that can be topped up.
  const hint =
    amount && amountError === undefined
      ? translate('topup.amount_hint', {
          minimum: formatVnd(TOPUP_MIN_AMOUNT),
          amount: formatVnd(amount),
        })
      : translate('topup.amount_hint_empty', { minimum: formatVnd(TOPUP_MIN_AMOUNT) });

  return (
    <Dialog open={open} onClose={leaving ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{translate('topup.dialog_title')}</DialogTitle>
      <DialogContent>
        {step?.method === 'paypal' && <PaypalCharge request={step} />}
        {step?.method === 'bank_transfer' && <BankTransferDetails request={step} />}
        {/* What was typed lives in this dialog's state: "Back" finds it again. */}
        {!step && (
          <Stack component="form" id={`${titleId}-form`} spacing={2} onSubmit={submit} noValidate>
            <TextField
              label={translate('topup.amount')}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              onBlur={() => setTouched(true)}
              error={showError}
              helperText={showError ? translate(amountError) : hint}
              inputMode="numeric"
              autoComplete="off"
              required
              fullWidth
              margin="dense"
              disabled={leaving}
            />
            <Stack
              direction="row"
              flexWrap="wrap"
              useFlexGap
              spacing={1}
              role="group"
              aria-label={translate('topup.presets')}
            >
              {TOPUP_PRESETS.map((preset) => (
                <Chip
                  key={preset}
                  label={formatVnd(preset)}
                  color={amount === preset ? 'primary' : 'default'}
                  variant={amount === preset ? 'filled' : 'outlined'}
                  onClick={() => {
                    setAmountText(String(preset));
                    setTouched(true);
                  }}
                  disabled={leaving}
                  clickable
                />
              ))}
            </Stack>
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate('topup.method')}</FormLabel>
              <RadioGroup
                value={method}
                onChange={(event) => setMethod(event.target.value as PaymentGateway)}
              >
                {METHODS.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    disabled={leaving}
                    label={translate(`topup.methods.${choice}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step ? (
          <>
            <Button onClick={() => pay.reset()} disabled={leaving}>
              {translate('topup.back')}
            </Button>
            {step.method === 'paypal' ? (
              <BusyButton variant="contained" busy={goingToPaypal} onClick={goToPaypal}>
                {translate('topup.go_to_paypal')}
              </BusyButton>
            ) : (
              <Button variant="contained" onClick={onClose}>
                {translate('topup.done')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={leaving}>
              {translate('topup.cancel')}
            </Button>
            <BusyButton variant="contained" busy={leaving} onClick={() => submit()}>
              {translate(method === 'card' ? 'topup.pay' : 'topup.continue')}
            </BusyButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Pays an open invoice from the balance, with an optional discount coupon. The coupon is checked
 * first (check_code, type discount_invoice); the total shown is computed from the coupon that
 * check answered, and Pay sends exactly that code. Editing the code drops the discount until the
 * new code is checked, and Pay waits for that check: the shown and the paid total are always for
 * the same code (or none). A lost answer or a refusal on Pay reads the invoice again before Pay is
 * offered again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { topUpPath } from '../../components/topUpPath';
import { AmountRow } from '../../components/AmountRow';
import { useCouponCheck } from '../../components/useCouponCheck';
import { CouponForm, type CouponFormMessages } from '../../components/CouponForm';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { Coupon, Invoice, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatVnd } from '../../domain/money';
import { applyDiscount } from '../../domain/pricing';
import { invoiceSummary } from '../../domain/invoiceSummary';
import { usePortalIdentity } from '../../layout/usePortalIdentity';
import { useRefreshAfterPayment } from './useRefreshAfterPayment';

const INVOICE_COUPON_MESSAGES: CouponFormMessages = {
  label: 'billing.pay.coupon',
  applied: 'billing.pay.coupon_applied',
  unchecked: 'billing.pay.coupon_unchecked',
  apply: 'billing.pay.apply',
  remove: 'billing.pay.remove',
};

export function PayInvoiceDialog(props: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {translate('billing.pay.title', { code: props.invoice.code })}
      </DialogTitle>
      {props.open ? <PayInvoiceForm invoice={props.invoice} onClose={props.onClose} /> : null}
    </Dialog>
  );
}

function PayInvoiceForm({ invoice: listed, onClose }: { invoice: Invoice; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const refreshAfterPayment = useRefreshAfterPayment();
  const { identity } = usePortalIdentity();
  const coupon = useCouponCheck<Coupon>({
    check: (code) => dataProvider.checkInvoiceCoupon(code),
    invalidKey: 'billing.pay.coupon_invalid',
  });
  const { checked } = coupon;

  // The invoice as last read: the row it was opened from, until a lost answer makes us ask again.
  const invoiceQuery = useQuery({
    queryKey: QUERY_KEYS.invoice(listed.id),
    queryFn: () => dataProvider.getInvoice(listed.id),
    initialData: listed,
    staleTime: Infinity,
  });
  const invoice = invoiceQuery.data;

  const pay = useMutation({
    mutationFn: () =>
      recheckIfAnswerLost(
        () => dataProvider.payInvoice(invoice.id, checked?.code),
        () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: QUERY_KEYS.invoice(invoice.id) }),
            refreshAfterPayment(),
          ]),
      ),
    onSuccess: async (payment) => {
      queryClient.setQueryData(QUERY_KEYS.invoice(invoice.id), payment.invoice);
      notify.success('billing.pay.paid', { code: invoice.code, amount: formatVnd(payment.total) });
      onClose();
      await refreshAfterPayment();
    },
    onError: (error) => {
      if (isLostAnswer(error)) {
        notify.resultUnknown();
        return;
      }
      notify.error(error);
      // A refusal may mean the invoice changed meanwhile (paid in another tab, or by auto-pay on
      // its due date): show it as it is now rather than offer Pay again.
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.invoice(invoice.id) });
    },
  });

  const { discount, total } = applyDiscount(invoice.amount, checked?.result ?? null);
  const balance = identity?.balance;
  const shortfall = balance === undefined ? 0 : Math.max(0, total - balance);
  const stillOpen = invoice.status === 'open';

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {invoiceSummary(invoice, translate)}
          </Typography>
          {stillOpen ? (
            <CouponForm
              coupon={coupon}
              paying={pay.isPending}
              lockWhileChecking
              messages={INVOICE_COUPON_MESSAGES}
            />
          ) : (
            <Alert severity="info">{translate('billing.pay.no_longer_open')}</Alert>
          )}

          {invoiceQuery.isFetching ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : null}

          <Stack spacing={0.5} role="status" aria-live="polite">
            <AmountRow label={translate('billing.pay.amount')} value={formatVnd(invoice.amount)} />
            {discount > 0 ? (
              <AmountRow
                label={translate('billing.pay.discount')}
                value={`−${formatVnd(discount)}`}
              />
            ) : null}
            <Divider />
            <AmountRow
              label={translate('billing.pay.total')}
              value={formatVnd(total)}
              strong
              testId="invoice-pay-total"
            />
            {balance !== undefined ? (
              <AmountRow
                label={translate('billing.pay.balance')}
                value={formatVnd(balance)}
                muted
              />
            ) : null}
          </Stack>
          {stillOpen && shortfall > 0 ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" component={Link} to={topUpPath(shortfall)}>
                  {translate('billing.pay.top_up_amount', { amount: formatVnd(shortfall) })}
                </Button>
              }
            >
              {translate('billing.pay.short', { amount: formatVnd(shortfall) })}
            </Alert>
          ) : null}
          {stillOpen ? (
            <Typography variant="body2" color="text.secondary">
              {translate('billing.pay.from_balance')}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pay.isPending}>
          {translate('billing.pay.close')}
        </Button>
        {stillOpen ? (
          <BusyButton
            variant="contained"
            busy={pay.isPending}
            disabled={
              coupon.unchecked || coupon.isChecking || invoiceQuery.isFetching || shortfall > 0
            }
            onClick={() => pay.mutateAsync()}
          >
            {translate('billing.pay.confirm', { amount: formatVnd(total) })}
          </BusyButton>
        ) : null}
      </DialogActions>
    </>
  );
}

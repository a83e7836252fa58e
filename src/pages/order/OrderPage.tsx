/**
 * /order/create?id=…: a placed order and its payment (spec §4 "Order"). It shows what is ordered
 * and its price, previews a coupon (pay?check=True: discount, total, balance, shortfall), pays from
 * the balance and then opens the new server, or cancels the order. When the balance is short it
 * leads to billing with the missing amount (and remembers this page for the way back). Without an
 * id it opens the Orders tab of billing, the list of the orders awaiting payment.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { serverNow } from '../../api/serverClock';
import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { LoadFailed } from '../../components/LoadFailed';
import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import { useCouponCheck } from '../../components/useCouponCheck';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { usePortalNotify } from '../../components/usePortalNotify';
import { AmountRow } from '../../components/AmountRow';
import { CouponForm, type CouponFormMessages } from '../../components/CouponForm';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type {
  Order,
  OrderPayment,
  OrderStatus,
  PortalDataProvider,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPaidThrough, sayPeriodWithLength, type Translate } from '../../domain/periods';
import { ORDERS_RESOURCE } from '../billing/OrderList';
import { CancelOrderDialog } from './CancelOrderDialog';

const ORDER_COUPON_MESSAGES: CouponFormMessages = {
  label: 'orders.coupon',
  applied: 'orders.coupon_applied',
  unchecked: 'orders.coupon_unchecked',
  apply: 'orders.apply_coupon',
  remove: 'orders.remove_coupon',
};

const STATUS_COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
};

export default function OrderPage() {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/billing/orders" replace />;
  return <OrderScreen id={id} />;
}

/**
 * Orders that change a running resource pay for the rest of its period, not a first one (a
 * renewal pays whole months and says nothing of the kind).
 */
const CHANGE_ORDERS: readonly Order['type'][] = ['resize_server', 'buy_ip', 'extend_volume'];

/**
 * What an order pays for, in the words of its price: a new order or a change covers from its
 * creation to its expiry, "phần còn lại của tháng này (từ 26-11-2026 đến hết 30-11-2026)"; a
 * renewal (or an order without an expiry) says its months, and the last day paid when known.
 */
function orderPeriodText(order: Order, translate: Translate): string {
  if (order.expiry && order.type !== 'renew') {
    return sayPeriodWithLength(translate, order.created, order.expiry, serverNow());
  }
  const months = translate('periods.months', { smart_count: order.interval_count });
  if (!order.expiry) return months;
  return translate('periods.length_and_dates', {
    length: months,
    period: sayPaidThrough(translate, order.expiry),
  });
}

/** Where a paid order leads: the server, volume or snapshots it made or changed. */
function paidOrderDestination(order: Order): { to: string; labelKey: string } {
  const id = order.resource_id;
  switch (order.type) {
    case 'create_volume':
    case 'extend_volume':
      return { to: id ? `/volume/${id}/detail` : '/volume', labelKey: 'orders.open_volume' };
    case 'create_snapshot':
      return { to: '/snapshot', labelKey: 'orders.open_snapshots' };
    case 'renew':
      return { to: '/billing/services', labelKey: 'orders.open_services' };
    default:
      return {
        to: id ? `/cloud-server/${id}/detail` : '/cloud-server',
        labelKey: 'orders.open_server',
      };
  }
}

function OrderScreen({ id }: { id: string }) {
  const translate = useTranslate();
  const title = translate('orders.title');
  usePageTitle(title);
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <OrderView key={id} id={id} />
    </Box>
  );
}

function OrderView({ id }: { id: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const order = useQuery({
    queryKey: QUERY_KEYS.order(id),
    queryFn: () => dataProvider.getOrder(id),
  });
  if (order.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const notFound = errorStatus(order.error) === 404;
  if (order.isError && !notFound) {
    // Also after a lost payment answer when the order cannot be read: nothing is offered until it is.
    return (
      <LoadFailed error={order.error} onRetry={() => order.refetch()} retrying={order.isFetching} />
    );
  }
  if (order.isError || !order.data?.id) {
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        action={
          <Button color="inherit" size="small" component={Link} to="/billing/orders">
            {translate('orders.pending_title')}
          </Button>
        }
      >
        {translate(notFound ? 'orders.not_found' : 'orders.load_failed')}
      </Alert>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  return (
    <>
      {order.status === 'pending' ? <ActionBlockedAlert permission={permission} /> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                <Typography variant="h6" component="h2">
                  {translate('orders.number', { id: order.id })}
                </Typography>
                <Chip
                  size="small"
                  color={STATUS_COLORS[order.status]}
                  label={translate(`orders.status.${order.status}`)}
                />
              </Stack>
              <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
                <Item label={translate('orders.fields.type')}>
                  {translate(`orders.type.${order.type}`)}
                </Item>
                <Item label={translate('orders.fields.info')}>{order.info}</Item>
                {order.new_config ? (
                  <Item label={translate('orders.fields.config')}>
                    {translate('orders.config', order.new_config)}
                  </Item>
                ) : null}
                <Item label={translate('orders.fields.interval')}>
                  {orderPeriodText(order, translate)}
                </Item>
                <Item label={translate('orders.fields.amount')}>{formatVnd(order.amount)}</Item>
                <Item label={translate('orders.fields.created')}>{formatDate(order.created)}</Item>
                <Item label={translate('orders.fields.expiry')}>
                  {order.expiry ? sayPaidThrough(translate, order.expiry) : '—'}
                </Item>
              </Grid>
              {order.status === 'pending' && order.expiry && order.type !== 'renew' ? (
                <FirstPaymentNote
                  sx={{ mt: 2 }}
                  payment={{
                    amount: order.amount,
                    start: order.created,
                    end: order.expiry,
                    change: CHANGE_ORDERS.includes(order.type),
                  }}
                />
              ) : null}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {order.status === 'pending' ? (
            <PaymentPanel order={order} canPay={permission.allowed} />
          ) : (
            <ClosedOrderPanel order={order} />
          )}
        </Grid>
      </Grid>
    </>
  );
}

function ClosedOrderPanel({ order }: { order: Order }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography>
            {translate(order.status === 'paid' ? 'orders.paid_text' : 'orders.cancelled_text')}
          </Typography>
          {order.status === 'paid' ? (
            <Button
              variant="contained"
              component={Link}
              to={paidOrderDestination(order).to}
              sx={{ alignSelf: 'flex-start' }}
            >
              {translate(paidOrderDestination(order).labelKey)}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

function PaymentPanel({ order, canPay }: { order: Order; canPay: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const refreshIdentity = useRefreshIdentity();
  const location = useLocation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  // The amounts without a coupon; with one, the amounts are the answer of its own check.
  const preview = useQuery({
    queryKey: QUERY_KEYS.orderPreview(order.id, ''),
    queryFn: () => dataProvider.previewOrderPayment(order.id),
  });
  const coupon = useCouponCheck({
    check: (code) => dataProvider.previewOrderPayment(order.id, code),
    invalidKey: 'orders.coupon_invalid',
  });
  const couponCode = coupon.checked?.code;

  const refreshAfterChange = async () => {
    await Promise.all([
      // Marked stale only: refetching this page's own queries would preview an order that is
      // no longer pending (400); other order screens read again when they open.
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.orders, refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: ['cloud-server'] }),
      queryClient.invalidateQueries({ queryKey: [ORDERS_RESOURCE] }),
    ]);
  };

  // A lost answer may hide a payment that went through: read the order (and the balance) again
  // before the pay button is offered again, and never say "please try again".
  const readOrderAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.order(order.id) }),
      refreshIdentity(),
    ]);

  const pay = useMutation({
    mutationFn: () =>
      recheckIfAnswerLost(() => dataProvider.payOrder(order.id, couponCode), readOrderAgain),
    onSuccess: async (payment) => {
      if (!payment?.order) return;
      queryClient.setQueryData(QUERY_KEYS.order(order.id), payment.order);
      notify.success('orders.paid', { amount: formatVnd(payment.total) });
      navigate(paidOrderDestination(payment.order).to);
      // After leaving, so this order's queries are not read again (it is no longer pending).
      await refreshIdentity();
      await refreshAfterChange();
    },
    onError: async (error) => {
      if (isLostAnswer(error)) {
        notify.resultUnknown();
        return;
      }
      notify.error(error);
      // A 402 means the preview was out of date: read it again to show the shortfall.
      if (errorStatus(error) === 402) await Promise.all([preview.refetch(), coupon.recheck()]);
      else await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.order(order.id) });
    },
  });

  const cancel = useMutation({
    mutationFn: () => recheckIfAnswerLost(() => dataProvider.cancelOrder(order.id), readOrderAgain),
    onSuccess: async (cancelled) => {
      setConfirmingCancel(false);
      if (!cancelled?.id) return;
      queryClient.setQueryData(QUERY_KEYS.order(order.id), cancelled);
      notify.success('orders.cancelled');
      await refreshAfterChange();
    },
    onError: (error) => {
      if (isLostAnswer(error)) {
        setConfirmingCancel(false);
        notify.resultUnknown();
      } else notify.error(error);
    },
  });

  const shown = coupon.checked?.result ?? preview.data;
  const amounts: OrderPayment | undefined = shown?.order ? shown : undefined;
  const short = amounts !== undefined && !amounts.sufficient_balance;
  const busy = pay.isPending || cancel.isPending;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('orders.payment_title')}
          </Typography>
          <CouponForm coupon={coupon} paying={pay.isPending} messages={ORDER_COUPON_MESSAGES} />

          {preview.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
          {preview.isError ? (
            <LoadFailed
              error={preview.error}
              onRetry={() => preview.refetch()}
              retrying={preview.isFetching}
              fallbackKey="orders.preview_failed"
            />
          ) : null}
          {amounts ? <Amounts payment={amounts} /> : null}

          {short ? (
            <Alert severity="warning">
              {translate('orders.short_balance', { amount: formatVnd(amounts.shortfall) })}
            </Alert>
          ) : null}

          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
          >
            <Button color="error" disabled={busy} onClick={() => setConfirmingCancel(true)}>
              {translate('orders.cancel')}
            </Button>
            {short ? (
              <Button
                variant="contained"
                component={Link}
                sx={{ whiteSpace: 'nowrap' }}
                to={topUpPath(amounts.shortfall)}
                onClick={() => rememberTopUpReturn(location.pathname + location.search)}
              >
                {translate('orders.top_up_amount', { amount: formatVnd(amounts.shortfall) })}
              </Button>
            ) : (
              <BusyButton
                variant="contained"
                busy={pay.isPending}
                // "₫" never wraps onto a line of its own (375 px): the label stays on one line.
                sx={{ whiteSpace: 'nowrap' }}
                disabled={
                  !canPay || !amounts || cancel.isPending || coupon.unchecked || coupon.isChecking
                }
                onClick={() => pay.mutateAsync()}
              >
                {translate('orders.pay', { amount: formatVnd(amounts?.total ?? order.amount) })}
              </BusyButton>
            )}
          </Stack>
        </Stack>
      </CardContent>
      <CancelOrderDialog
        open={confirmingCancel}
        busy={cancel.isPending}
        onClose={() => setConfirmingCancel(false)}
        onConfirm={() => cancel.mutateAsync()}
      />
    </Card>
  );
}

function Amounts({ payment }: { payment: OrderPayment }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} role="status" aria-live="polite">
      <AmountRow label={translate('orders.fields.amount')} value={formatVnd(payment.amount)} />
      {payment.discount > 0 ? (
        <AmountRow label={translate('orders.discount')} value={`−${formatVnd(payment.discount)}`} />
      ) : null}
      <AmountRow label={translate('servers.price.vat')} value={formatVnd(payment.vat)} muted />
      <Divider />
      <AmountRow
        label={translate('orders.total')}
        value={formatVnd(payment.total)}
        strong
        testId="order-total"
      />
      <AmountRow label={translate('orders.balance')} value={formatVnd(payment.balance)} muted />
      {payment.sufficient_balance ? (
        <AmountRow
          label={translate('orders.balance_after')}
          value={formatVnd(payment.balance - payment.total)}
          muted
        />
      ) : (
        <AmountRow
          label={translate('orders.shortfall')}
          value={formatVnd(payment.shortfall)}
          strong
        />
      )}
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/**
 * The orders tab of /billing: the account's orders of every status, newest first until the reader
 * sorts by date or amount, server-paged, with the status filter (spec §7's
 * `GET /billing/orders?page&status=pending` when "Chờ thanh toán" is chosen) and the date range in
 * the URL. A pending order has Pay, which opens the order page (total, balance, shortfall, then
 * pay or top up), and Cancel, which asks first; a paid one links to its invoice.
 */
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { Order, OrderStatus, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPaidThrough } from '../../domain/periods';
import { CancelOrderDialog } from '../order/CancelOrderDialog';
import {
  BillingTable,
  dateRangeFilters,
  FilterSelect,
  SortableColumn,
  useOnPhone,
} from './BillingTable';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

/** The react-admin resource of this list (its path is in the dataProvider's RESOURCE_PATHS). */
export const ORDERS_RESOURCE = 'orders';

const STATUSES: OrderStatus[] = ['pending', 'paid', 'cancelled'];

const STATUS_COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
};

const OrderColumn = DataTable.Col<Order>;

export function OrderList() {
  const translate = useTranslate();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const onPhone = useOnPhone();
  return (
    <>
      <BillingTable<Order>
        resource={ORDERS_RESOURCE}
        filters={[
          <FilterSelect
            key="status"
            source="status"
            label="billing.lists.order_status"
            choices={STATUSES.map((status) => ({ id: status, name: `orders.status.${status}` }))}
            alwaysOn
          />,
          ...dateRangeFilters(),
        ]}
        emptyText={translate('billing.lists.orders_empty')}
      >
        <OrderColumn
          source="id"
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.number"
          disableSort
          render={(order) => translate('billing.orders.number', { id: order.id })}
        />
        <OrderColumn
          source="type"
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.type"
          disableSort
          render={(order) => translate(`orders.type.${order.type}`)}
        />
        {/* On a phone the amount and status columns give way to a line under the content. */}
        <OrderColumn
          source="info"
          label="billing.orders.fields.info"
          disableSort
          render={(order) => (
            <>
              {order.info}
              {onPhone ? (
                <div style={{ whiteSpace: 'nowrap' }}>
                  {formatVnd(order.amount)} <OrderStatus order={order} />
                </div>
              ) : null}
            </>
          )}
        />
        <SortableColumn<Order>
          source="amount"
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.amount"
          render={(order) => formatVnd(order.amount)}
        />
        <OrderColumn
          source="status"
          className={HIDDEN_ON_PHONE}
          label="billing.lists.order_status"
          disableSort
          render={(order) => <OrderStatus order={order} />}
        />
        <SortableColumn<Order>
          source="created"
          unsortedOrder
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.created"
          render={(order) => formatDate(order.created)}
        />
        <OrderColumn
          source="expiry"
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.expiry"
          disableSort
          render={(order) => (order.expiry ? sayPaidThrough(translate, order.expiry) : '—')}
        />
        <OrderColumn
          label="billing.orders.fields.actions"
          disableSort
          render={(order) =>
            order.status !== 'pending' ? (
              <OrderInvoiceLink order={order} />
            ) : (
              // Cancel goes under Pay where the column is narrow (a phone).
              <Stack direction="row" useFlexGap spacing={1} flexWrap="wrap">
                <Button
                  size="small"
                  variant="contained"
                  component={Link}
                  to={`/order/create?id=${order.id}`}
                  aria-label={translate('billing.orders.pay_named', { id: order.id })}
                >
                  {translate('billing.orders.pay')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setCancelling(order)}
                  aria-label={translate('billing.orders.cancel_named', { id: order.id })}
                >
                  {translate('orders.cancel')}
                </Button>
              </Stack>
            )
          }
        />
      </BillingTable>
      {cancelling ? (
        <CancelFromList order={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </>
  );
}

function OrderStatus({ order }: { order: Order }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[order.status]}
      label={translate(`orders.status.${order.status}`)}
    />
  );
}

/** A paid order's invoice, by its number; nothing for a cancelled one. */
function OrderInvoiceLink({ order }: { order: Order }) {
  const translate = useTranslate();
  if (order.invoice_id === null) return null;
  return (
    <MuiLink
      component={Link}
      to={`/billing/invoices/${order.invoice_id}`}
      aria-label={translate('billing.lists.order_invoice_named', { id: order.id })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('billing.lists.order_invoice')}
    </MuiLink>
  );
}

function CancelFromList({ order, onClose }: { order: Order; onClose: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const refresh = useRefresh();
  const cancel = useMutation({
    mutationFn: () => dataProvider.cancelOrder(order.id),
    onSuccess: () => {
      notify.success('orders.cancelled');
      onClose();
      refresh();
    },
    onError: (error) => {
      if (isLostAnswer(error)) {
        // It may have been cancelled: the list read again says which.
        notify.resultUnknown();
        onClose();
        refresh();
      } else notify.error(error);
    },
  });
  return (
    <CancelOrderDialog
      open
      busy={cancel.isPending}
      onClose={onClose}
      onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
    />
  );
}

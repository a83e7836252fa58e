/**
 * The orders tab of /billing: the orders awaiting payment (`GET /billing/orders?page&status=pending`
 * as spec §7 writes it), newest first, server-paged. Pay opens the order page, which previews the
 * payment (total, balance, shortfall) and pays or leads to a top-up; Cancel asks first.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { isLostAnswer } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { Order, PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPaidThrough } from '../../domain/periods';
import { CancelOrderDialog } from '../order/CancelOrderDialog';
import { BillingTable } from './BillingTable';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

/** The react-admin resource of this list (its path is in the dataProvider's RESOURCE_PATHS). */
export const ORDERS_RESOURCE = 'orders';

const PENDING = { status: 'pending' };

const OrderColumn = DataTable.Col<Order>;

export function OrderList() {
  const translate = useTranslate();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  return (
    <>
      <BillingTable<Order>
        resource={ORDERS_RESOURCE}
        filters={[]}
        filter={PENDING}
        emptyText={translate('billing.orders.empty')}
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
        <OrderColumn source="info" label="billing.orders.fields.info" disableSort />
        <OrderColumn
          source="amount"
          label="billing.orders.fields.amount"
          disableSort
          render={(order) => formatVnd(order.amount)}
        />
        <OrderColumn
          source="created"
          className={HIDDEN_ON_PHONE}
          label="billing.orders.fields.created"
          disableSort
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
          render={(order) => (
            <Stack direction="row" spacing={1}>
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
                sx={{ whiteSpace: 'nowrap' }}
              >
                {translate('orders.cancel')}
              </Button>
            </Stack>
          )}
        />
      </BillingTable>
      {cancelling ? (
        <CancelFromList order={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </>
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

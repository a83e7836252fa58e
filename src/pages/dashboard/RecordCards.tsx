/** The dashboard's short lists: the next renewals, the newest orders and the newest invoices. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { serverNow } from '../../api/serverClock';
import type { OrderStatus } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { isPastDue } from '../../domain/periods';
import { invoiceSummary } from '../../domain/invoiceSummary';
import { InvoiceStatusChip } from '../billing/InvoiceStatusChip';
import { CardLink, DashboardCard, EmptyState } from './DashboardCard';
import type { SummaryQuery } from './useDashboardSummary';

const ORDER_COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
};

/** One row of a short list: what it is on the left, its figures on the right. */
function Row(props: { primary: ReactNode; secondary: ReactNode; end: ReactNode }) {
  return (
    <ListItem disableGutters divider sx={{ alignItems: 'flex-start', gap: 1 }}>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {props.primary}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {props.secondary}
        </Typography>
      </Stack>
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
        {props.end}
      </Stack>
    </ListItem>
  );
}

/**
 * The next renewals: each is due when its paid period ends (the first day it no longer covers)
 * and overdue only once the server's clock has passed that instant — never by the device's clock,
 * nor by a status that says the package expired for another reason.
 */
export function RenewalsCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.renewals.title')}
      summary={summary}
      skeletonLines={5}
      footer={(data) =>
        data.next_renewals.length ? (
          <CardLink to="/billing/services">{translate('dashboard.renewals.view_all')}</CardLink>
        ) : null
      }
    >
      {({ next_renewals: renewals }) =>
        renewals.length === 0 ? (
          <EmptyState
            text={translate('dashboard.renewals.empty')}
            action={translate('dashboard.renewals.browse_plans')}
            to="/cloud-server/plans"
          />
        ) : (
          <List dense disablePadding>
            {renewals.map((service) => {
              // Read when the answer is drawn: its Date header has just set the server's time.
              const overdue = isPastDue(service.end, serverNow());
              return (
                <Row
                  key={service.id}
                  primary={service.resource}
                  secondary={translate(`billing.services.resource_type.${service.resource_type}`)}
                  end={
                    <>
                      <Typography variant="body2" color={overdue ? 'error' : undefined}>
                        {translate(
                          overdue ? 'dashboard.renewals.overdue' : 'dashboard.renewals.ends',
                          { date: formatDate(service.end) },
                        )}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {translate('dashboard.renewals.monthly', {
                          price: formatVnd(service.price.monthly),
                        })}
                      </Typography>
                    </>
                  }
                />
              );
            })}
          </List>
        )
      }
    </DashboardCard>
  );
}

export function RecentOrdersCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.orders.title')}
      summary={summary}
      skeletonLines={5}
      footer={(data) =>
        data.recent_orders.some((order) => order.status === 'pending') ? (
          <CardLink to="/billing/orders">{translate('dashboard.orders.view_all')}</CardLink>
        ) : null
      }
    >
      {({ recent_orders: orders }) =>
        orders.length === 0 ? (
          <EmptyState
            text={translate('dashboard.orders.empty')}
            action={translate('dashboard.servers.create')}
            to="/cloud-server/create"
          />
        ) : (
          <List dense disablePadding>
            {orders.map((order) => (
              <Row
                key={order.id}
                primary={
                  order.status === 'pending' ? (
                    <MuiLink
                      component={Link}
                      to={`/order/create?id=${order.id}`}
                      aria-label={translate('dashboard.orders.pay', { id: order.id })}
                    >
                      {translate('dashboard.orders.number', { id: order.id })}
                    </MuiLink>
                  ) : (
                    translate('dashboard.orders.number', { id: order.id })
                  )
                }
                secondary={`${translate(`orders.type.${order.type}`)} · ${order.info}`}
                end={
                  <>
                    <Typography variant="body2">{formatVnd(order.amount)}</Typography>
                    <Chip
                      size="small"
                      color={ORDER_COLORS[order.status]}
                      label={translate(`orders.status.${order.status}`)}
                    />
                  </>
                }
              />
            ))}
          </List>
        )
      }
    </DashboardCard>
  );
}

export function RecentInvoicesCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.invoices.title')}
      summary={summary}
      skeletonLines={5}
      footer={(data) =>
        data.recent_invoices.length ? (
          <CardLink to="/billing">{translate('dashboard.invoices.view_all')}</CardLink>
        ) : null
      }
    >
      {({ recent_invoices: invoices }) =>
        invoices.length === 0 ? (
          <EmptyState
            text={translate('dashboard.invoices.empty')}
            action={translate('dashboard.renewals.browse_plans')}
            to="/cloud-server/plans"
          />
        ) : (
          <List dense disablePadding>
            {invoices.map((invoice) => (
              <Row
                key={invoice.id}
                primary={
                  <MuiLink component={Link} to={`/billing/invoices/${invoice.id}`}>
                    {invoice.code}
                  </MuiLink>
                }
                secondary={`${formatDate(invoice.created)} · ${invoiceSummary(invoice, translate)}`}
                end={
                  <>
                    <Typography variant="body2">{formatVnd(invoice.amount)}</Typography>
                    <InvoiceStatusChip invoice={invoice} />
                  </>
                }
              />
            ))}
          </List>
        )
      }
    </DashboardCard>
  );
}

/**
 * /cloud-server: the customer's servers with their status (and build progress), addresses,
 * configuration and creation date; a search by name; orders still awaiting payment above the
 * list; an empty state that leads to creating one (and, through PortalList, a Retry when the list
 * could not be loaded: a failure is never shown as empty). The list polls fast while a server is in
 * transition, slowly otherwise, and not at all while the tab is hidden.
 */
import SellIcon from '@mui/icons-material/Sell';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DataTable, useDataProvider, useTranslate, type GetListResult } from 'react-admin';
import { Link } from 'react-router-dom';

import { ResourceList } from '../../components/ResourceList';
import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { isInTransition, PENDING_ORDERS_SHOWN } from './serverConstants';
import { ServerStatusField } from './ServerStatusField';
import { addressesOf, configText } from './serverText';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const ServerColumn = DataTable.Col<Server>;

export default function ServerList() {
  const translate = useTranslate();
  const visible = useDocumentVisible();

  return (
    <>
      <PendingOrdersNotice />
      <ResourceList
        messages="servers.list"
        createTo="/cloud-server/create"
        moreActions={<SeePlansButton />}
        queryOptions={{
          refetchInterval: (query) =>
            pollInterval(anyInTransition(query.state.data as GetListResult<Server>), visible),
        }}
      >
        <DataTable<Server>
          rowClick={(id) => `/cloud-server/${id}/detail`}
          bulkActionButtons={false}
        >
          <ServerColumn
            source="name"
            label="resources.cloud-server.fields.name"
            disableSort
            render={(server) => (
              <MuiLink
                component={Link}
                to={`/cloud-server/${server.id}/detail`}
                onClick={(event) => event.stopPropagation()}
                sx={{ fontWeight: 600 }}
              >
                {server.name}
              </MuiLink>
            )}
          />
          <ServerColumn
            source="status"
            label="resources.cloud-server.fields.status"
            disableSort
            field={ServerStatusField}
          />
          <ServerColumn
            source="ipv4"
            className={HIDDEN_ON_PHONE}
            label="resources.cloud-server.fields.ips"
            disableSort
            render={(server) => addressesOf(server).join(', ') || '—'}
          />
          <ServerColumn
            source="cpu"
            className={HIDDEN_ON_PHONE}
            label="resources.cloud-server.fields.plan"
            disableSort
            render={(server) => configText(server, translate)}
          />
          <ServerColumn
            source="created"
            className={HIDDEN_ON_PHONE}
            label="resources.cloud-server.fields.created"
            disableSort
            render={(server) => formatDate(server.created)}
          />
        </DataTable>
      </ResourceList>
    </>
  );
}

function anyInTransition(result: GetListResult<Server> | undefined): boolean {
  return (result?.data ?? []).some((server) => isInTransition(server.status));
}

/** Orders placed but not paid yet, each leading to its payment page. */
function PendingOrdersNotice() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useQuery({
    queryKey: QUERY_KEYS.pendingOrders(PENDING_ORDERS_SHOWN),
    queryFn: () => dataProvider.listOrders({ status: 'pending', per_page: PENDING_ORDERS_SHOWN }),
  });
  const orders = data?.items ?? [];
  if (orders.length === 0) return null;
  const total = data?.total ?? orders.length;
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {translate('orders.pending_notice', { smart_count: total })}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {orders.map((order) => (
          <li key={order.id}>
            <MuiLink component={Link} to={`/order/create?id=${order.id}`}>
              {translate('orders.pending_item', {
                info: order.info,
                amount: formatVnd(order.amount),
              })}
            </MuiLink>
          </li>
        ))}
      </Stack>
      {total > orders.length ? (
        <MuiLink component={Link} to="/order/create" sx={{ display: 'inline-block', mt: 0.5 }}>
          {translate('orders.see_all')}
        </MuiLink>
      ) : null}
    </Alert>
  );
}

function SeePlansButton() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/cloud-server/plans" startIcon={<SellIcon />}>
      {translate('servers.list.see_plans')}
    </Button>
  );
}

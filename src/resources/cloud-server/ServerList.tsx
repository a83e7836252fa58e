/**
 * /cloud-server: the customer's servers with their status (and build progress), addresses (the
 * first two, the rest behind "+N", each copyable), configuration and creation date. Sortable by
 * name, status and creation date (the sort lives in the address, so a reload keeps it); filtered
 * by status; searched by name or IP. Each row has quick actions (power, console of a running
 * server) and a checkbox: the ticked servers are powered on/off, rebooted or deleted together
 * after one confirmation (ServerBulkActions). Orders still awaiting payment show above the list;
 * an empty state leads to creating one (and, through PortalList, a Retry when the list could not
 * be loaded: a failure is never shown as empty). The list polls fast while a server is in
 * transition or was just acted on, slowly otherwise, and not at all while the tab is hidden.
 */
import SellIcon from '@mui/icons-material/Sell';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import {
  DataTable,
  SelectInput,
  useDataProvider,
  useTranslate,
  type GetListResult,
} from 'react-admin';
import { Link } from 'react-router-dom';

import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { ResourceList } from '../../components/ResourceList';
import {
  pollInterval,
  POLL_FAST_AFTER_ACTION_MS,
  useDocumentVisible,
} from '../../components/usePollInterval';
import type { PortalDataProvider, Server, ServerStatus } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { isInTransition, PENDING_ORDERS_SHOWN } from './serverConstants';
import { ServerBulkActions } from './ServerBulkActions';
import { ServerAddressesCell, ServerNameCell, ServerRowActions } from './ServerRowParts';
import { ServerStatusField } from './ServerStatusField';
import { ServerWatchContext, type ServerWatch } from './serverWatch';
import { configText } from './serverText';

const ServerColumn = DataTable.Col<Server>;

/** Every status the contract knows, in the order the filter offers them. */
const STATUS_ORDER: Record<ServerStatus, number> = {
  active: 0,
  shutoff: 1,
  building: 2,
  rebooting: 3,
  resizing: 4,
  rebuilding: 5,
  restoring: 6,
  deleting: 7,
  error: 8,
  suspended: 9,
};
const SERVER_STATUSES = Object.keys(STATUS_ORDER) as ServerStatus[];

export default function ServerList() {
  const translate = useTranslate();
  const visible = useDocumentVisible();
  // After an action from this list, poll fast for a while: a power-off keeps `active` until the
  // machine is off, a few seconds later.
  const fastUntil = useRef(0);
  const listWatch = useMemo<ServerWatch>(
    () => ({
      watch: () => {
        fastUntil.current = Date.now() + POLL_FAST_AFTER_ACTION_MS;
      },
    }),
    [],
  );
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="lists.filter_status"
      choices={SERVER_STATUSES.map((status) => ({
        id: status,
        name: translate(`servers.status.${status}`),
      }))}
      translateChoice={false}
      alwaysOn
    />,
  ];

  return (
    <ServerWatchContext.Provider value={listWatch}>
      <ResourceList
        messages="servers.list"
        createTo="/cloud-server/create"
        searchLabel="lists.servers.search"
        filters={filters}
        moreActions={<SeePlansButton />}
        notices={<PendingOrdersNotice />}
        queryOptions={{
          refetchInterval: (query) =>
            pollInterval(
              anyInTransition(query.state.data as GetListResult<Server>) ||
                Date.now() < fastUntil.current,
              visible,
            ),
        }}
      >
        <DataTable<Server>
          rowClick={(id) => `/cloud-server/${id}/detail`}
          bulkActionButtons={<ServerBulkActions />}
        >
          <ServerColumn
            source="name"
            label="resources.cloud-server.fields.name"
            sortByOrder="ASC"
            render={(server) => <ServerNameCell server={server} />}
          />
          <ServerColumn
            source="status"
            label="resources.cloud-server.fields.status"
            sortByOrder="ASC"
            field={ServerStatusField}
          />
          <ServerColumn
            source="ipv4"
            className={HIDDEN_ON_PHONE}
            label="resources.cloud-server.fields.ips"
            disableSort
            render={(server) => <ServerAddressesCell server={server} />}
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
            sortByOrder="DESC"
            render={(server) => formatDate(server.created)}
          />
          <ServerColumn
            label="lists.servers.actions"
            disableSort
            render={(server) => <ServerRowActions server={server} />}
          />
        </DataTable>
      </ResourceList>
    </ServerWatchContext.Provider>
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
    <Alert severity="info" sx={{ mt: 1 }}>
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

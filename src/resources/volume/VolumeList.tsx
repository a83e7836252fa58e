/**
 * /volume: the customer's volumes with size, type, the server each is attached to, status,
 * datacenter, creation and expiry dates; a search by name, filters by status and by server;
 * sortable by name, size, status and creation date (the sort in the address, sent to the API as
 * `sort`/`order`); each ID copyable; an empty state that leads to creating one (and, through
 * PortalList, a Retry when the list could not be loaded). The list polls fast while a volume
 * changes, slowly otherwise, not while the tab is hidden.
 */
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DataTable, SelectInput, useGetList, useTranslate, type GetListResult } from 'react-admin';
import { Link } from 'react-router-dom';

import { CopyableId } from '../../components/CopyButton';
import { DatacenterName } from '../../components/DatacenterName';
import { ResourceList } from '../../components/ResourceList';
import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import type { Server } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { sayPaidThrough } from '../../domain/periods';
import { isVolumeInTransition, VOLUME_RESOURCE, VOLUME_STATUSES, type Volume } from './volumeModel';
import { VolumeStatusField } from './VolumeStatusField';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const VolumeColumn = DataTable.Col<Volume>;

/** The server filter lists the servers in the API's own order (newest first). */
const NO_SORT = { field: '', order: 'DESC' as const };
/** Servers offered by the server filter: all of them fit on one page. */
const ALL_SERVERS = { pagination: { page: 1, perPage: 9999 }, sort: NO_SORT };

export const volumePath = (id: Volume['id'] | string) => `/volume/${id}/detail`;

export default function VolumeList() {
  const translate = useTranslate();
  const visible = useDocumentVisible();
  const servers = useGetList<Server>('cloud-server', ALL_SERVERS);
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="volumes.list.filter_status"
      choices={VOLUME_STATUSES.map((status) => ({
        id: status,
        name: translate(`volumes.status.${status}`),
      }))}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="server_id"
      source="server_id"
      label="volumes.list.filter_server"
      choices={(servers.data ?? []).map((server) => ({ id: server.id, name: server.name }))}
      translateChoice={false}
      alwaysOn
    />,
  ];

  return (
    <ResourceList
      messages="volumes.list"
      createTo="/volume/create"
      resource={VOLUME_RESOURCE}
      filters={filters}
      queryOptions={{
        refetchInterval: (query) =>
          pollInterval(anyInTransition(query.state.data as GetListResult<Volume>), visible),
      }}
    >
      <DataTable<Volume> rowClick={(id) => volumePath(id)} bulkActionButtons={false}>
        <VolumeColumn
          source="name"
          label="resources.volume.fields.name"
          sortByOrder="ASC"
          render={(volume) => (
            <Stack spacing={0}>
              <MuiLink
                component={Link}
                to={volumePath(volume.id)}
                onClick={(event) => event.stopPropagation()}
                sx={{ fontWeight: 600, wordBreak: 'break-all' }}
              >
                {volume.name}
              </MuiLink>
              <CopyableId id={volume.id} name={volume.name} />
            </Stack>
          )}
        />
        <VolumeColumn
          source="size"
          label="resources.volume.fields.size"
          sortByOrder="DESC"
          render={(volume) => translate('volumes.size_gb', { size: volume.size })}
        />
        <VolumeColumn
          source="type"
          className={HIDDEN_ON_PHONE}
          label="resources.volume.fields.type"
          disableSort
        />
        <VolumeColumn
          source="server_name"
          className={HIDDEN_ON_PHONE}
          label="resources.volume.fields.server"
          disableSort
          render={(volume) =>
            volume.server_id !== null ? (
              <MuiLink
                component={Link}
                to={`/cloud-server/${volume.server_id}/detail`}
                onClick={(event) => event.stopPropagation()}
              >
                {volume.server_name ?? `#${volume.server_id}`}
              </MuiLink>
            ) : (
              '—'
            )
          }
        />
        <VolumeColumn
          source="status"
          label="resources.volume.fields.status"
          sortByOrder="ASC"
          render={(volume) => <VolumeStatusField volume={volume} />}
        />
        <VolumeColumn
          source="datacenter"
          className={HIDDEN_ON_PHONE}
          label="resources.volume.fields.datacenter"
          disableSort
          render={(volume) => <DatacenterName code={volume.datacenter} />}
        />
        <VolumeColumn
          source="created"
          className={HIDDEN_ON_PHONE}
          label="resources.volume.fields.created"
          sortByOrder="DESC"
          render={(volume) => formatDate(volume.created)}
        />
        <VolumeColumn
          source="expiry"
          className={HIDDEN_ON_PHONE}
          label="resources.volume.fields.expiry"
          disableSort
          render={(volume) => (volume.expiry ? sayPaidThrough(translate, volume.expiry) : '—')}
        />
      </DataTable>
    </ResourceList>
  );
}

function anyInTransition(result: GetListResult<Volume> | undefined): boolean {
  return (result?.data ?? []).some((volume) => isVolumeInTransition(volume.status));
}

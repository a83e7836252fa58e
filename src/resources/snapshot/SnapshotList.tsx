/**
 * /snapshot: the customer's snapshots with their size, disk type, source (a link to the volume or
 * to the server whose root disk it copies), status and creation date (on a phone, where those
 * columns give way, size, source and date in small print under the name); a search by name,
 * filters by status and source; sortable by name, size, status and creation date (the sort in the
 * address, sent to the API as `sort`/`order`); each ID copyable; restore and delete on each row; an empty state that leads to creating one (and,
 * through PortalList, a Retry when the list could not be loaded). The list polls fast while a
 * snapshot is being taken or restored, slowly otherwise, and not at all while the tab is hidden.
 */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, SelectInput, useTranslate, type GetListResult } from 'react-admin';
import { Link } from 'react-router-dom';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { CopyableId } from '../../components/CopyButton';
import { ResourceList } from '../../components/ResourceList';
import { useActionPermission } from '../../components/useActionPermission';
import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import type { Snapshot, SnapshotStatus } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { DeleteSnapshotButton } from './DeleteSnapshotButton';
import { RestoreServerButton } from './RestoreServerButton';
import { RestoreSnapshotButton } from './RestoreSnapshotButton';
import { HIDDEN_ON_PHONE, ON_PHONE } from '../../components/phoneLayout';

const SnapshotColumn = DataTable.Col<Snapshot>;

/** On a phone the table scrolls sideways inside its card, as the billing tables do. */
const SCROLL_WIDE_TABLE = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
  '& .RaFilterForm-root': { flexWrap: 'wrap' },
} as const;

const STATUS_COLORS: Record<SnapshotStatus, ChipProps['color']> = {
  creating: 'info',
  available: 'success',
  restoring: 'info',
  deleting: 'warning',
  error: 'error',
};

export const isSnapshotInTransition = (status: SnapshotStatus) =>
  status === 'creating' || status === 'restoring' || status === 'deleting';

/** The small print under the name: on a phone only, where its columns give way. */
const ONLY_ON_PHONE = { display: 'none', [ON_PHONE]: { display: 'block' } } as const;

export default function SnapshotList() {
  const translate = useTranslate();
  const visible = useDocumentVisible();
  const permission = useActionPermission();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="lists.filter_status"
      choices={(Object.keys(STATUS_COLORS) as SnapshotStatus[]).map((status) => ({
        id: status,
        name: translate(`snapshots.status.${status}`),
      }))}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="source"
      source="source"
      label="lists.filter_source"
      choices={[
        { id: 'volume', name: translate('lists.source_volume') },
        { id: 'server', name: translate('lists.source_server') },
      ]}
      translateChoice={false}
      alwaysOn
    />,
  ];

  return (
    // A grid of one shrinkable column keeps the page as wide as the screen on a phone, so the
    // table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ResourceList
        messages="snapshots.list"
        createTo="/snapshot/create"
        notices={<ActionBlockedAlert permission={permission} />}
        filters={filters}
        sx={SCROLL_WIDE_TABLE}
        queryOptions={{
          refetchInterval: (query) =>
            pollInterval(anyInTransition(query.state.data as GetListResult<Snapshot>), visible),
        }}
      >
        <DataTable<Snapshot> rowClick={false} bulkActionButtons={false}>
          <SnapshotColumn
            source="name"
            label="resources.snapshot.fields.name"
            sortByOrder="ASC"
            render={(snapshot) => (
              <Stack spacing={0}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {snapshot.name}
                </Typography>
                <CopyableId id={snapshot.id} name={snapshot.name} />
                <Typography variant="caption" color="text.secondary" sx={ONLY_ON_PHONE}>
                  {translate('lists.snapshot_details', {
                    size: snapshot.size,
                    type: snapshot.type,
                    source: sourceText(snapshot, translate),
                    date: formatDate(snapshot.created),
                  })}
                </Typography>
              </Stack>
            )}
          />
          <SnapshotColumn
            source="size"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.size"
            sortByOrder="DESC"
            render={(snapshot) => `${snapshot.size} GB`}
          />
          <SnapshotColumn
            source="type"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.type"
            disableSort
          />
          <SnapshotColumn
            source="volume_name"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.volume_name"
            disableSort
            render={(snapshot) => <SourceLink snapshot={snapshot} />}
          />
          <SnapshotColumn
            source="status"
            label="resources.snapshot.fields.status"
            sortByOrder="ASC"
            render={(snapshot) => (
              <Chip
                size="small"
                label={translate(`snapshots.status.${snapshot.status}`)}
                color={STATUS_COLORS[snapshot.status] ?? 'default'}
              />
            )}
          />
          <SnapshotColumn
            source="price"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.price"
            disableSort
            render={(snapshot) => formatVnd(snapshot.price)}
          />
          <SnapshotColumn
            source="created"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.created"
            sortByOrder="DESC"
            render={(snapshot) => formatDate(snapshot.created)}
          />
          <SnapshotColumn
            label="resources.snapshot.fields.actions"
            disableSort
            render={(snapshot) => (
              // A phone's narrow column puts the buttons under one another rather than past the
              // card's edge.
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
              >
                <RestoreServerButton snapshot={snapshot} />
                <RestoreSnapshotButton snapshot={snapshot} />
                <DeleteSnapshotButton snapshot={snapshot} />
              </Stack>
            )}
          />
        </DataTable>
      </ResourceList>
    </Box>
  );
}

function anyInTransition(result: GetListResult<Snapshot> | undefined): boolean {
  return (result?.data ?? []).some((snapshot) => isSnapshotInTransition(snapshot.status));
}

function sourceText(snapshot: Snapshot, translate: (key: string, args?: object) => string) {
  return snapshot.server_id !== null
    ? translate('snapshots.list.root_disk', { name: snapshot.volume_name })
    : snapshot.volume_name;
}

/** The copied volume, or the server whose root disk was copied; the name is text, never HTML. */
function SourceLink({ snapshot }: { snapshot: Snapshot }) {
  const translate = useTranslate();
  if (snapshot.server_id !== null) {
    return (
      <MuiLink component={Link} to={`/cloud-server/${snapshot.server_id}/detail`}>
        {translate('snapshots.list.root_disk', { name: snapshot.volume_name })}
      </MuiLink>
    );
  }
  return (
    <MuiLink component={Link} to={`/volume/${snapshot.volume_id}/detail`}>
      {snapshot.volume_name}
    </MuiLink>
  );
}

/**
 * /snapshot: the customer's snapshots with their size, disk type, source (a link to the volume or
 * to the server whose root disk it copies), status and creation date; a search by name; restore
 * into a new volume and delete on each row; an empty state that leads to creating one (and,
 * through PortalList, a Retry when the list could not be loaded). The list polls fast while a
 * snapshot is being taken or restored, slowly otherwise, and not at all while the tab is hidden.
 */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, useTranslate, type GetListResult } from 'react-admin';
import { Link } from 'react-router-dom';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { ResourceList } from '../../components/ResourceList';
import { useActionPermission } from '../../components/useActionPermission';
import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import type { Snapshot, SnapshotStatus } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { DeleteSnapshotButton } from './DeleteSnapshotButton';
import { RestoreSnapshotButton } from './RestoreSnapshotButton';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

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

export default function SnapshotList() {
  const translate = useTranslate();
  const visible = useDocumentVisible();
  const permission = useActionPermission();

  return (
    // A grid of one shrinkable column keeps the page as wide as the screen on a phone, so the
    // table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ActionBlockedAlert permission={permission} />
      <ResourceList
        messages="snapshots.list"
        createTo="/snapshot/create"
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
            disableSort
            render={(snapshot) => (
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {snapshot.name}
              </Typography>
            )}
          />
          <SnapshotColumn
            source="size"
            className={HIDDEN_ON_PHONE}
            label="resources.snapshot.fields.size"
            disableSort
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
            disableSort
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
            disableSort
            render={(snapshot) => formatDate(snapshot.created)}
          />
          <SnapshotColumn
            label="resources.snapshot.fields.actions"
            disableSort
            render={(snapshot) => (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
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

/**
 * The frame every tab of /billing shares: a server-paged list whose filters and page live in the
 * URL, no sort (the contract lists newest first and has no sort parameter), and one empty state
 * for the list and the table (PortalList keeps a wide table inside its card on a phone).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { DataTable, type DataTableProps, type RaRecord } from 'react-admin';

import { PortalList } from '../../components/PortalList';

const NO_SORT = { field: '', order: 'DESC' as const };

export function BillingTable<RecordType extends RaRecord>(props: {
  /** The react-admin resource (its path is in the dataProvider's RESOURCE_PATHS). */
  resource: string;
  filters: ReactElement[];
  /** Query parameters every page of the list sends, not shown as filters. */
  filter?: Record<string, string>;
  emptyText: string;
  rowSx?: DataTableProps<RecordType>['rowSx'];
  children: ReactNode;
}) {
  const empty = <ListEmpty text={props.emptyText} />;
  return (
    <PortalList
      resource={props.resource}
      title={false}
      filters={props.filters}
      filter={props.filter}
      actions={false}
      empty={empty}
      sort={NO_SORT}
    >
      <DataTable<RecordType> bulkActionButtons={false} empty={empty} rowSx={props.rowSx}>
        {props.children}
      </DataTable>
    </PortalList>
  );
}

function ListEmpty({ text }: { text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

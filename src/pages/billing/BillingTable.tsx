/**
 * The frame every tab of /billing shares: a server-paged list whose filters, sort and page live in
 * the URL, one empty state for the list and the table (PortalList keeps a wide table inside its
 * card on a phone), and, for the lists a bookkeeper exports, a CSV button above it.
 *
 * On a phone (phoneLayout.ts) each tab shows the columns that fit 375 px: its first column, the
 * status and the action (Pay), with what the hidden columns said that a customer needs (the
 * amount, the status, a payment's reference) in a line of small print under the first cell
 * (`useOnPhone`); the rest is on the record's page or in a wider window. Amounts, dates, codes and
 * buttons keep to one line in every list's table (phoneLayout.css), so those columns need no style
 * here.
 *
 * The pieces the lists build it from: `SortableColumn` (a header that sorts on the server by the
 * contract's `sort`, announcing its direction with aria-sort), `FilterSelect` (a filter whose
 * first choice is "Tất cả") and `dateRangeFilters` (from and to, Vietnam days, both inclusive).
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement, ReactNode } from 'react';
import {
  DataTable,
  DateInput,
  FieldTitle,
  useDataTableRenderContext,
  useDataTableSortContext,
  useInput,
  useTranslate,
  type DataTableColumnProps,
  type DataTableProps,
  type RaRecord,
} from 'react-admin';

import { PHONE_QUERY } from '../../components/phoneLayout';
import { PortalList } from '../../components/PortalList';
import { ExportCsvButton, type CsvExport } from './ExportCsvButton';

/**
 * Until the reader sorts, the list sends no sort and reads in the server's order, newest first:
 * spec §7's calls go out exactly as it writes them.
 */
const NO_SORT = { field: '', order: 'DESC' as const };

export function BillingTable<RecordType extends RaRecord>(props: {
  /** The react-admin resource (its path is in the dataProvider's RESOURCE_PATHS). */
  resource: string;
  filters: ReactElement[];
  /** Query parameters every page of the list sends, not shown as filters. */
  filter?: Record<string, string>;
  /** A CSV export of every record matching the filters; none: no export button. */
  csv?: CsvExport<RecordType>;
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
      actions={props.csv ? <ExportCsvButton<RecordType> {...props.csv} /> : false}
      empty={empty}
      sort={NO_SORT}
    >
      <DataTable<RecordType> bulkActionButtons={false} empty={empty} rowSx={props.rowSx}>
        {props.children}
      </DataTable>
    </PortalList>
  );
}

/**
 * Whether the window is a phone's (PHONE_QUERY), from the first render on: a tab renders its line
 * of small print only then. Rendered in a wider window too and hidden there by CSS, a screen test
 * would find each amount twice.
 */
export const useOnPhone = () => useMediaQuery(PHONE_QUERY, { noSsr: true });

/**
 * A column the reader can sort by: its `source` is the contract's sort name for the list
 * (`created`, `date`, `amount`); its header says how the list is sorted (aria-sort), as a table
 * header must for screen readers, and a click turns the order around. `unsortedOrder` marks the
 * date column that the server's own order (newest first) follows before any sort is chosen.
 */
export function SortableColumn<RecordType extends RaRecord>(
  props: DataTableColumnProps<RecordType> & { source: string; unsortedOrder?: boolean },
) {
  const { unsortedOrder, ...column } = props;
  const renderContext = useDataTableRenderContext();
  const sort = useDataTableSortContext();
  const field = sort?.field || (unsortedOrder ? props.source : '');
  const direction =
    field !== props.source ? 'none' : sort?.order === 'ASC' ? 'ascending' : 'descending';
  return (
    <DataTable.Col<RecordType>
      {...column}
      // The first click turns the order the list shows around: oldest first for the unsorted
      // date column, largest or newest first for any other.
      sortByOrder={unsortedOrder ? 'ASC' : 'DESC'}
      aria-sort={renderContext === 'header' ? direction : undefined}
    />
  );
}

const ALL = 'all';

/**
 * A select filter whose first choice, "Tất cả", removes the filter: the list then holds every
 * record, and the field says so instead of staying blank.
 */
export function FilterSelect(props: {
  source: string;
  label: string;
  choices: { id: string; name: string }[];
  /** Marks the filter as always shown (react-admin's FilterForm reads it). */
  alwaysOn?: boolean;
}) {
  const translate = useTranslate();
  const { field, id } = useInput({
    source: props.source,
    format: (value: unknown) => (typeof value === 'string' && value !== '' ? value : ALL),
    parse: (value: string) => (value === ALL ? '' : value),
  });
  return (
    <TextField
      {...field}
      id={id}
      select
      size="small"
      label={<FieldTitle label={props.label} source={props.source} />}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value={ALL}>{translate('billing.lists.all')}</MenuItem>
      {props.choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {translate(choice.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The from and to dates of a list (the contract's `date_from`, `date_to`), always shown. */
export function dateRangeFilters(): ReactElement[] {
  return [
    <DateInput key="date_from" source="date_from" label="billing.lists.date_from" alwaysOn />,
    <DateInput key="date_to" source="date_to" label="billing.lists.date_to" alwaysOn />,
  ];
}

function ListEmpty({ text }: { text: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

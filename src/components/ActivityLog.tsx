/**
 * The activity log (issue 20): an account's security- and money-relevant events, or for an agency
 * its customers' events, newest first. Each event says what happened in words (with its facts: a
 * server's name, an amount in dong), when (Vietnam time), from which address and device, and who
 * did it. Filters by kind of activity and by days; paged on the server.
 *
 * Loading, failed, empty and "nothing matches the filters" are four different states. On a phone
 * every event is a stacked block instead of a table row, so nothing scrolls sideways.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import type {
  AccountActivity,
  AgencyActivity,
  PortalDataProvider,
} from '../dataProvider/dataProvider';
import { ACTIVITY_GROUPS, type ActivityGroup } from '../domain/activity';
import { formatInVietnam } from '../domain/vietnamTime';
import { activityText, deviceText } from './activityText';
import { QueryContent } from './QueryContent';
import { PHONE_QUERY } from './phoneLayout';

/** Whose events: the signed-in account's own, or (an agency) its customers'. */
export type ActivitySource = 'account' | 'agency';

type Event = AccountActivity & Partial<Pick<AgencyActivity, 'account_email' | 'account_name'>>;

interface Filters {
  group: ActivityGroup | '';
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { group: '', from: '', to: '' };
const PER_PAGE_CHOICES = [10, 20, 50];

/** The key every activity log's reads start with. */
const ACTIVITY_QUERY_ROOT = ['activity'];

/**
 * What the customer just did on the same page (a new password, a revoked token, two-step sign-in
 * turned on) is logged by the server: the log reads again after every change that succeeded, so
 * it shows there without a reload.
 */
function useReadAgainAfterEveryChange() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_ROOT });
        }
      }),
    [queryClient],
  );
}

export function ActivityLog({ source }: { source: ActivitySource }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_CHOICES[0] ?? 10);
  const query = {
    page,
    per_page: perPage,
    ...(filters.group && { group: filters.group }),
    ...(filters.from && { date_from: filters.from }),
    ...(filters.to && { date_to: filters.to }),
  };
  const events = useQuery({
    queryKey: [...ACTIVITY_QUERY_ROOT, source, query],
    queryFn: (): Promise<{ items: Event[]; total: number }> =>
      source === 'agency'
        ? dataProvider.listAgencyActivity(query)
        : dataProvider.listAccountActivity(query),
    placeholderData: keepPreviousData,
  });
  useReadAgainAfterEveryChange();

  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);

  const content = (
    <QueryContent query={events}>
      {(data) =>
        !data.items?.length ? (
          <Typography color="text.secondary" role="status" sx={{ py: 2 }}>
            {translate(filtered ? 'account.activity.empty_filtered' : 'account.activity.empty')}
          </Typography>
        ) : (
          <>
            <Box sx={{ opacity: events.isPlaceholderData ? 0.6 : 1 }} aria-busy={events.isFetching}>
              <ActivityRows events={data.items} source={source} />
            </Box>
            <TablePagination
              component="div"
              count={data.total}
              page={page - 1}
              onPageChange={(_event, next) => setPage(next + 1)}
              rowsPerPage={perPage}
              rowsPerPageOptions={PER_PAGE_CHOICES}
              onRowsPerPageChange={(event) => {
                setPerPage(Number(event.target.value));
                setPage(1);
              }}
              labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
              labelDisplayedRows={({ from, to, count }) =>
                translate('ra.navigation.page_range_info', {
                  offsetBegin: from,
                  offsetEnd: to,
                  total: count,
                })
              }
              getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
              sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
            />
          </>
        )
      }
    </QueryContent>
  );

  return (
    <Stack spacing={2}>
      <ActivityFilters filters={filters} onChange={filter} />
      {content}
    </Stack>
  );
}

function ActivityFilters(props: {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const translate = useTranslate();
  const { filters, onChange } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        label={translate('account.activity.filters.group')}
        value={filters.group}
        onChange={(event) => onChange({ group: event.target.value as Filters['group'] })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{translate('account.activity.filters.all')}</MenuItem>
        {ACTIVITY_GROUPS.map((group) => (
          <MenuItem key={group} value={group}>
            {translate(`account.activity.group.${group}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={translate('account.activity.filters.from')}
        value={filters.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('account.activity.filters.to')}
        value={filters.to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
      />
    </Stack>
  );
}

function ActivityRows({ events, source }: { events: Event[]; source: ActivitySource }) {
  const translate = useTranslate();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const cells = (event: Event) => ({
    time: formatTime(event.created),
    what: activityText(event, translate),
    // A top-up is reported by the gateway or the bank: no customer's address to show.
    address:
      event.address ??
      translate(event.kind === 'top_up' ? 'account.activity.gateway' : 'account.activity.none'),
    device: event.user_agent
      ? deviceText(event.user_agent, translate)
      : translate('account.activity.none'),
    actor: translate(`account.activity.actor.${event.actor}`),
  });

  if (isPhone) {
    return (
      <Box component="ul" aria-label={translate('account.activity.label')} sx={STACKED_LIST}>
        {events.map((event) => {
          const cell = cells(event);
          return (
            <Box component="li" key={event.id} sx={{ py: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {cell.what}
              </Typography>
              {source === 'agency' && <AccountName event={event} />}
              <Typography variant="body2" color="text.secondary">
                <time dateTime={event.created}>{cell.time}</time>
                {' · '}
                {cell.actor}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {event.user_agent ? `${cell.address} · ${cell.device}` : cell.address}
              </Typography>
            </Box>
          );
        })}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('account.activity.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('account.activity.columns.time')}</TableCell>
            {source === 'agency' && (
              <TableCell>{translate('account.activity.columns.account')}</TableCell>
            )}
            <TableCell>{translate('account.activity.columns.event')}</TableCell>
            <TableCell>{translate('account.activity.columns.address')}</TableCell>
            <TableCell>{translate('account.activity.columns.device')}</TableCell>
            <TableCell>{translate('account.activity.columns.actor')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => {
            const cell = cells(event);
            return (
              <TableRow key={event.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={event.created}>{cell.time}</time>
                </TableCell>
                {source === 'agency' && (
                  <TableCell>
                    <AccountName event={event} />
                  </TableCell>
                )}
                <TableCell>{cell.what}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{cell.address}</TableCell>
                <TableCell>{cell.device}</TableCell>
                <TableCell>{cell.actor}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AccountName({ event }: { event: Event }) {
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', wordBreak: 'break-all' }}>
      {event.account_name} ({event.account_email})
    </Typography>
  );
}

const STACKED_LIST = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& > li + li': { borderTop: 1, borderColor: 'divider' },
} as const;

const formatTime = (instant: string) => formatInVietnam(instant, 'DD-MM-YYYY HH:mm:ss');

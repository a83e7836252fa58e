/**
 * The frame of a record's page (/{resource}/:id/detail): the record read from the address's id,
 * polled fast while `changing` says so, and the states every such page has — loading, load failed
 * (with Retry), not found (with a way back to the list), and, once shown, "could not be read
 * again" above a record that may be out of date. The page itself draws only the record.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

import { errorStatus } from '../api/client';
import { useScreenReady } from './useScreenReady';
import { LoadFailed } from './LoadFailed';
import { pollInterval, useDocumentVisible } from './usePollInterval';

/** The id in the page's address; 0 when it is not a positive number (nothing is asked then). */
export function useRecordId(): number {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) ? Number(id) : 0;
}

/**
 * The record of the page's address, polled fast while `changing(record)` holds.
 *
 * React-admin's lists leave each row in the cache where this reads its record, so a page opened
 * from its list starts with the row. Where a row holds less than the page shows (a ticket's row
 * has no messages), `whole` tells the page's record from a row, and a row counts as still loading.
 */
export function useRecordOfPage<T extends RaRecord>(
  resource: string,
  changing: (record: T | undefined) => boolean,
  whole: (record: T) => boolean = () => true,
) {
  const id = useRecordId();
  const visible = useDocumentVisible();
  const wholeOrNothing = (record: T | undefined) => (record && whole(record) ? record : undefined);
  const query = useGetOne<T>(
    resource,
    { id },
    {
      enabled: id > 0,
      refetchInterval: ({ state }) =>
        pollInterval(changing(wholeOrNothing(state.data as T | undefined)), visible),
    },
  );
  if (query.data === undefined || whole(query.data)) return { ...query, id };
  // Only the list's row so far: loading until the page's own reading comes, or says why not.
  return { ...query, data: undefined, isPending: !query.error, id };
}

/** What the frame reads of `useRecordOfPage`'s answer. */
interface RecordQuery<T> {
  id: number;
  data?: T;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface RecordPageProps<T extends RaRecord> {
  query: RecordQuery<T>;
  /** Message shown when there is no such record (or not this account's). */
  notFoundKey: string;
  /** The list the not-found notice links back to, and the link's label. */
  back: { to: string; labelKey: string };
  /** The record; `stale` when the latest reading failed and what shows may be out of date. */
  children: (record: T, stale: boolean) => ReactNode;
}

export function RecordPage<T extends RaRecord>({
  query,
  notFoundKey,
  back,
  children,
}: RecordPageProps<T>) {
  const translate = useTranslate();
  const { data: record, error, isPending, refetch, isFetching, id } = query;
  const retry = <LoadFailed error={error} onRetry={() => refetch()} retrying={isFetching} />;
  // The record, its absence or why it failed is on screen: the first-data picture gives way.
  useScreenReady(!(isPending && id > 0));

  if (isPending && id > 0) {
    return <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />;
  }
  const notFound = id === 0 || errorStatus(error) === 404;
  if (error && !notFound && !record?.id) return <Box sx={{ mt: 2 }}>{retry}</Box>;
  if (notFound || !record?.id) {
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" component={Link} to={back.to}>
            {translate(back.labelKey)}
          </Button>
        }
      >
        {translate(notFound ? notFoundKey : 'app.error.generic')}
      </Alert>
    );
  }
  return (
    <>
      {/* The record could not be read again: its actions wait until it is known (a lost answer
          must not be acted on twice). */}
      {error ? <Box sx={{ mt: 2 }}>{retry}</Box> : null}
      {children(record, Boolean(error))}
    </>
  );
}

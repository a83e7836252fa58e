/**
 * What a card or section shows for the query it reads: a named progress bar while it loads, the
 * reason and Retry when it failed, then `children` with the data. The account's cards and the
 * activity log each load and fail on their own, the same way.
 */
import LinearProgress from '@mui/material/LinearProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { LoadFailed } from './LoadFailed';

export function QueryContent<T>(props: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  const { query } = props;
  if (query.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (query.isError) {
    return (
      <LoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  }
  return props.children(query.data);
}

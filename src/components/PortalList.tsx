/**
 * react-admin's <List> as every resource of the portal uses it: when the list cannot be loaded it
 * shows why, with a Retry, instead of the rows, the empty page or a pager left from an earlier
 * page. The failure is shown in the list, so it is not also announced in a toast.
 */
import { List, Pagination, useListContext, type ListProps } from 'react-admin';

import { LoadFailed } from './LoadFailed';

export function PortalList(props: ListProps) {
  const { queryOptions, ...rest } = props;
  return (
    <List
      error={<ListLoadFailed />}
      pagination={<PaginationUnlessFailed />}
      {...rest}
      queryOptions={{ onError: () => undefined, ...queryOptions }}
    />
  );
}

function ListLoadFailed() {
  const { error, refetch, isFetching } = useListContext();
  return <LoadFailed error={error} onRetry={() => refetch()} retrying={isFetching} />;
}

function PaginationUnlessFailed() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

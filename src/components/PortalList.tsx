/**
 * react-admin's <List> as every resource of the portal uses it. While the first page loads it
 * shows skeleton rows (not a blank area); when the list cannot be loaded it shows why, with a
 * Retry, instead of the rows, the empty page or a pager left from an earlier page. The failure is
 * shown in the list, so it is not also announced in a toast.
 *
 * On a phone each list shows its key columns only (columns marked
 * `className={HIDDEN_ON_PHONE}`), and a table still wider than the window scrolls inside its card:
 * the page itself never scrolls sideways.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { List, Pagination, useListContext, useTranslate, type ListProps } from 'react-admin';

import { LoadFailed } from './LoadFailed';
import { ON_PHONE } from './phoneLayout';
import { VISUALLY_HIDDEN } from './visuallyHidden';

const SKELETON_ROWS = 5;

const TABLE_SCROLLS_INSIDE_ITS_CARD = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
  '& .RaFilterForm-root': { flexWrap: 'wrap' },
  [ON_PHONE]: { '& .MuiTableCell-root': { paddingLeft: '8px', paddingRight: '8px' } },
} as const;

export function PortalList(props: ListProps) {
  const { queryOptions, children, sx, ...rest } = props;
  return (
    <List
      error={<ListLoadFailed />}
      pagination={<PaginationUnlessFailed />}
      {...rest}
      sx={[TABLE_SCROLLS_INSIDE_ITS_CARD, ...(Array.isArray(sx) ? sx : [sx])]}
      queryOptions={{ onError: () => undefined, ...queryOptions }}
    >
      <SkeletonWhileLoading>{children}</SkeletonWhileLoading>
    </List>
  );
}

function SkeletonWhileLoading({ children }: { children: ReactNode }) {
  const { isPending, error } = useListContext();
  return isPending && !error ? <ListSkeleton /> : children;
}

/** Rows of grey bars where the list's rows will be, announced as loading. */
export function ListSkeleton() {
  const translate = useTranslate();
  return (
    <Stack role="status" aria-busy="true" spacing={1.5} sx={{ p: 2 }} data-testid="list-skeleton">
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {translate('ra.page.loading')}
      </Box>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={28} />
      ))}
    </Stack>
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

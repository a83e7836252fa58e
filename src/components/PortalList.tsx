/**
 * react-admin's <List> as every resource of the portal uses it. While the first page loads it
 * shows skeleton rows (not a blank area); when the list cannot be loaded it shows why, with a
 * Retry, instead of the rows, the empty page or a pager left from an earlier page. The failure is
 * shown in the list, so it is not also announced in a toast.
 *
 * On a phone each list shows its key columns only (columns marked
 * `className={HIDDEN_ON_PHONE}`), and a table still wider than the window scrolls inside its card:
 * the page itself never scrolls sideways.
 *
 * A list with row checkboxes (bulk actions) gets each checkbox's name onto the checkbox itself:
 * react-admin 5.15's DataTable puts "Chọn dòng này" on the checkbox's wrapping <span>, where axe
 * reports it as a prohibited attribute and the input itself is left without a name. Each row's
 * checkbox is then also labelled by the row's first link (its name: "Chọn dòng này web-01"), and
 * "Chọn tất cả" by the page's heading, so that every field has a visible label.
 */
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { List, Pagination, useListContext, useTranslate, type ListProps } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { LoadFailed } from './LoadFailed';
import { useScreenReady } from './useScreenReady';
import './phoneLayout';
import { VISUALLY_HIDDEN } from './visuallyHidden';

const SKELETON_ROWS = 5;

const TABLE_SCROLLS_INSIDE_ITS_CARD = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
  '& .RaFilterForm-root': { flexWrap: 'wrap' },
  // The bulk actions bar (ticked rows) sits above the table in the flow rather than sliding up
  // over the toolbar as react-admin draws it: the table's scrolling card would clip it there,
  // leaving the toolbar's buttons over the bulk ones.
  '& .RaDataTable-root .RaBulkActionsToolbar-toolbar': {
    position: 'relative',
    transform: 'none',
    flexWrap: 'wrap',
    maxWidth: '100%',
    '&:not(.RaBulkActionsToolbar-collapsed)': { height: 'auto' },
    '& .RaBulkActionsToolbar-topToolbar': { flexWrap: 'wrap' },
  },
  // On a phone a table's cells have narrower side padding: phoneLayout.css.
} as const;

/**
 * The most rows a page of a list shows (issue 21): what a person reads, not a download. An address
 * asking for more (`?perPage=1000`) is corrected before the list asks the API for anything.
 */
export const MAX_ROWS_PER_PAGE = 100;

export function PortalList(props: ListProps) {
  const { queryOptions, children, sx, ...rest } = props;
  if (useCappedPageSize()) return null;
  return (
    <List
      error={<ListLoadFailed />}
      pagination={<PaginationUnlessFailed />}
      {...rest}
      sx={[TABLE_SCROLLS_INSIDE_ITS_CARD, ...(Array.isArray(sx) ? sx : [sx])]}
      queryOptions={{ onError: () => undefined, ...queryOptions }}
    >
      <RowCheckboxesNamed>
        <SkeletonWhileLoading>{children}</SkeletonWhileLoading>
      </RowCheckboxesNamed>
    </List>
  );
}

/** Whether the address asks for more rows than MAX_ROWS_PER_PAGE; it is corrected meanwhile. */
function useCappedPageSize(): boolean {
  const [params, setParams] = useSearchParams();
  const tooMany = Number(params.get('perPage')) > MAX_ROWS_PER_PAGE;
  useEffect(() => {
    if (!tooMany) return;
    setParams(
      (current) => {
        current.set('perPage', String(MAX_ROWS_PER_PAGE));
        return current;
      },
      { replace: true },
    );
  }, [tooMany, setParams]);
  return tooMany;
}

function RowCheckboxesNamed({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const name = () => {
      for (const span of root.querySelectorAll<HTMLElement>('.select-item[aria-label]')) {
        const input = span.querySelector('input');
        input?.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
        span.removeAttribute('aria-label');
        const rowName = span.closest('tr')?.querySelector('a[href]');
        if (input && rowName) labelBy(input, rowName);
      }
      const all = root.querySelector<HTMLInputElement>('.select-all input:not([aria-labelledby])');
      const heading = document.querySelector('main h1');
      if (all && heading) labelBy(all, heading);
    };
    name();
    // Rows come and go with every page, sort and poll.
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} sx={{ display: 'contents' }}>
      {children}
    </Box>
  );
}

let labelIds = 0;

/** Named by its own aria-label followed by `visible`'s text. */
function labelBy(input: Element, visible: Element) {
  if (!input.id) input.id = `row-check-${(labelIds += 1)}`;
  if (!visible.id) visible.id = `row-label-${(labelIds += 1)}`;
  input.setAttribute('aria-labelledby', `${input.id} ${visible.id}`);
}

function SkeletonWhileLoading({ children }: { children: ReactNode }) {
  const { isPending, error } = useListContext();
  const loading = isPending && !error;
  // The rows are built in a render React may slice and interrupt, not in the one the data's
  // arrival starts (react-query's, which runs to its end): on a slow phone a page of rows took
  // one 200–300 ms task, during which a tap waited (issue 21, docs/performance.md).
  const rowsShown = useDeferredValue(!loading);
  useScreenReady(rowsShown);
  return rowsShown ? children : <ListSkeleton />;
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
  useScreenReady();
  const { error, refetch, isFetching } = useListContext();
  return <LoadFailed error={error} onRetry={() => refetch()} retrying={isFetching} />;
}

function PaginationUnlessFailed() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

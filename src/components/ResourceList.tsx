/**
 * A resource's list page as every resource of the portal shows it: react-admin's <List> (through
 * PortalList: skeleton while loading, the reason and Retry when loading failed, key columns only
 * on a phone), its title as the page's heading, a search box (where the API has one) first among
 * the filters, a Create button, and an empty state that says what the resource is and offers to
 * create the first one. Its texts are read under one message prefix: `{messages}.title`,
 * `.create`, `.empty_title` and `.empty_text`.
 *
 * Sorting: a column that is not `disableSort` sorts the list by its `source` (or `sortBy`), the
 * name the contract's `sort` parameter takes; react-admin keeps the sort in the address
 * (`?sort=created&order=ASC`), so a reload or a shared link keeps it, and the dataProvider sends
 * it as `sort` and `order`. Without one, the list comes in the API's own order (newest first).
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { TopToolbar, useTranslate, type ListProps } from 'react-admin';
import { Link } from 'react-router-dom';

import { ListSearchInput } from './ListSearchInput';
import { PortalList } from './PortalList';
import { usePageTitle } from './usePageTitle';
import { useScreenReady } from './useScreenReady';

/** The contract's lists come in their own order (newest first) unless a column is chosen. */
const NO_SORT = { field: '', order: 'DESC' as const };

interface ResourceListProps extends Omit<ListProps, 'title' | 'actions' | 'empty' | 'filters'> {
  /** The prefix of the list's message keys, e.g. `ssh_keys.list`. */
  messages: string;
  /** The create form's address. */
  createTo: string;
  /** Whether the list has a search box (its API takes `search`); on by default. */
  search?: boolean;
  /** The search box's label when it finds more than names (default "Tìm kiếm"). */
  searchLabel?: string;
  /** Filters after the search box. */
  filters?: ReactElement[];
  /** Buttons beside Create, in the toolbar and in the empty state. */
  moreActions?: ReactNode;
  /** Notices between the heading and the list (orders awaiting payment, blocked actions). */
  notices?: ReactNode;
}

export function ResourceList({
  messages,
  createTo,
  search = true,
  searchLabel,
  filters = [],
  moreActions,
  notices,
  children,
  ...rest
}: ResourceListProps) {
  const translate = useTranslate();
  const title = translate(`${messages}.title`);
  usePageTitle(title);
  const create = (
    <Button component={Link} to={createTo} variant="contained" startIcon={<AddIcon />}>
      {translate(`${messages}.create`)}
    </Button>
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2, wordBreak: 'break-word' }}>
        {title}
      </Typography>
      {notices}
      <PortalList
        title={title}
        filters={[
          ...(search
            ? [<ListSearchInput key="search" source="search" label={searchLabel} alwaysOn />]
            : []),
          ...filters,
        ]}
        actions={
          <TopToolbar>
            {moreActions}
            {create}
          </TopToolbar>
        }
        empty={
          <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
            <ScreenReady />
            <Typography variant="h6" component="p" gutterBottom>
              {translate(`${messages}.empty_title`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {translate(`${messages}.empty_text`)}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
              {create}
              {moreActions}
            </Stack>
          </Box>
        }
        sort={NO_SORT}
        {...rest}
      >
        {children}
      </PortalList>
    </>
  );
}

/** Rendered with the empty state: the screen is settled. */
function ScreenReady() {
  useScreenReady();
  return null;
}

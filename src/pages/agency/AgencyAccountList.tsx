/**
 * /agency: the agency's customer accounts (name, e-mail, phone, balance, unpaid, servers,
 * created), a search by name or e-mail, and a link from each to its invoices. Loading, empty,
 * no match and failed are distinct (PortalList); the search and page live in the URL.
 */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, TopToolbar, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { PortalList } from '../../components/PortalList';
import type { AgencyAccount } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { ListSearchInput } from '../../components/ListSearchInput';

const AccountColumn = DataTable.Col<AgencyAccount>;

/** The contract lists accounts newest first and has no sort parameter: ask for no sort. */
const NO_SORT = { field: '', order: 'DESC' as const };

const SCROLL_WIDE_TABLE = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
} as const;

/** The invoices tab, filtered to one account (react-admin reads the list's filter from the URL). */
export const accountInvoicesPath = (accountId: number) =>
  `/agency/invoices?filter=${encodeURIComponent(JSON.stringify({ account_id: accountId }))}`;

export function AgencyAccountList() {
  const translate = useTranslate();
  return (
    <PortalList
      resource="agency-accounts"
      title={false}
      filters={[<ListSearchInput key="search" source="search" alwaysOn />]}
      actions={<AccountListActions />}
      empty={<NoCustomers />}
      sort={NO_SORT}
      sx={SCROLL_WIDE_TABLE}
    >
      <DataTable<AgencyAccount> rowClick={false} bulkActionButtons={false} empty={<NoMatch />}>
        <AccountColumn
          source="fullname"
          label="agency.accounts.fields.fullname"
          disableSort
          render={(account) => (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {account.fullname}
              </Typography>
              {account.email_verified ? null : (
                <Chip
                  size="small"
                  variant="outlined"
                  color="warning"
                  label={translate('agency.accounts.unverified')}
                />
              )}
            </Stack>
          )}
        />
        <AccountColumn
          source="email"
          className={HIDDEN_ON_PHONE}
          label="agency.accounts.fields.email"
          disableSort
          render={(account) => (
            <Typography component="span" variant="body2" sx={{ wordBreak: 'break-all' }}>
              {account.email}
            </Typography>
          )}
        />
        <AccountColumn
          source="phone"
          className={HIDDEN_ON_PHONE}
          label="agency.accounts.fields.phone"
          disableSort
        />
        <AccountColumn
          source="balance"
          label="agency.accounts.fields.balance"
          disableSort
          render={(account) => formatVnd(account.balance)}
        />
        <AccountColumn
          source="unpaid_amount"
          className={HIDDEN_ON_PHONE}
          label="agency.accounts.fields.unpaid"
          disableSort
          render={(account) => formatVnd(account.unpaid_amount)}
        />
        <AccountColumn
          source="server_count"
          className={HIDDEN_ON_PHONE}
          label="agency.accounts.fields.servers"
          disableSort
        />
        <AccountColumn
          source="created"
          className={HIDDEN_ON_PHONE}
          label="agency.accounts.fields.created"
          disableSort
          render={(account) => formatDate(account.created)}
        />
        <AccountColumn
          source="id"
          label="agency.accounts.fields.actions"
          disableSort
          render={(account) => (
            <MuiLink
              component={Link}
              to={accountInvoicesPath(account.id)}
              aria-label={translate('agency.accounts.invoices_label', { email: account.email })}
            >
              {translate('agency.accounts.invoices')}
            </MuiLink>
          )}
        />
      </DataTable>
    </PortalList>
  );
}

function AccountListActions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button
        component={Link}
        to="/agency/create"
        variant="contained"
        startIcon={<PersonAddIcon />}
      >
        {translate('agency.tabs.create')}
      </Button>
    </TopToolbar>
  );
}

function NoCustomers() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%', bgcolor: 'background.paper' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('agency.accounts.empty_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('agency.accounts.empty_text')}
      </Typography>
      <Button
        component={Link}
        to="/agency/create"
        variant="contained"
        startIcon={<PersonAddIcon />}
      >
        {translate('agency.tabs.create')}
      </Button>
    </Box>
  );
}

function NoMatch() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography color="text.secondary">{translate('agency.accounts.no_match')}</Typography>
    </Box>
  );
}

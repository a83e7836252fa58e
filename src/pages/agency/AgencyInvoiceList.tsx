/**
 * /agency/invoices: the invoices of the agency's customers with billing's filters (status, code)
 * and the account, in billing's frame (BillingTable: paged on the server, filters in the URL).
 * The agency reads them; paying is the customer's own business, on the customer's billing page.
 */
import Typography from '@mui/material/Typography';
import { DataTable, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';

import { serverNow } from '../../api/serverClock';
import type { AgencyAccount, AgencyInvoice, InvoiceStatus } from '../../dataProvider/dataProvider';
import { ALL_ON_ONE_PAGE } from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { isOverdue } from '../../domain/invoices';
import { formatVnd } from '../../domain/money';
import { invoiceSummary } from '../../domain/invoiceSummary';
import { BillingTable } from '../billing/BillingTable';
import { invoiceResourceText, InvoiceStatusChip } from '../billing/InvoiceStatusChip';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const InvoiceColumn = DataTable.Col<AgencyInvoice>;

const STATUSES: InvoiceStatus[] = ['open', 'paid', 'cancelled', 'other'];

export function AgencyInvoiceList() {
  const translate = useTranslate();
  const { accounts, isPending } = useAgencyAccounts();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="billing.invoice.fields.status"
      choices={STATUSES.map((status) => ({ id: status, name: `billing.invoice.status.${status}` }))}
      alwaysOn
    />,
    <TextInput key="code" source="code" label="billing.invoice.fields.code" alwaysOn />,
    <SelectInput
      key="account_id"
      source="account_id"
      label="agency.invoices.account"
      choices={accounts.map((account) => ({ id: account.id, name: account.email }))}
      translateChoice={false}
      isPending={isPending}
      alwaysOn
    />,
  ];

  return (
    <BillingTable<AgencyInvoice>
      resource="agency-invoices"
      filters={filters}
      emptyText={translate('agency.invoices.empty')}
      rowSx={(invoice) =>
        isOverdue(invoice, serverNow()) ? { backgroundColor: 'rgba(211, 47, 47, 0.06)' } : {}
      }
    >
      <InvoiceColumn
        source="code"
        label="billing.invoice.fields.code"
        disableSort
        render={(invoice) => (
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {invoice.code}
          </Typography>
        )}
      />
      <InvoiceColumn
        source="account_email"
        className={HIDDEN_ON_PHONE}
        label="agency.invoices.account"
        disableSort
        render={(invoice) => (
          <Typography component="span" variant="body2" sx={{ wordBreak: 'break-all' }}>
            {invoice.account_email}
          </Typography>
        )}
      />
      <InvoiceColumn
        source="description"
        className={HIDDEN_ON_PHONE}
        label="billing.invoice.fields.resource"
        disableSort
        render={(invoice) =>
          invoiceSummary(invoice, translate) || invoiceResourceText(invoice, translate)
        }
      />
      <InvoiceColumn
        source="amount"
        label="billing.invoice.fields.amount"
        disableSort
        render={(invoice) => formatVnd(invoice.amount)}
      />
      <InvoiceColumn
        source="status"
        label="billing.invoice.fields.status"
        disableSort
        render={(invoice) => <InvoiceStatusChip invoice={invoice} />}
      />
      <InvoiceColumn
        source="created"
        className={HIDDEN_ON_PHONE}
        label="billing.invoice.fields.created"
        disableSort
        render={(invoice) => formatDate(invoice.created)}
      />
      <InvoiceColumn
        source="due_date"
        className={HIDDEN_ON_PHONE}
        label="billing.invoice.fields.due_date"
        disableSort
        render={(invoice) => formatDate(invoice.due_date)}
      />
    </BillingTable>
  );
}

/** Every account of the agency, for the account filter (one page holds them all). */
function useAgencyAccounts() {
  const { data, isPending } = useGetList<AgencyAccount>('agency-accounts', {
    pagination: { page: 1, perPage: ALL_ON_ONE_PAGE },
    sort: { field: '', order: 'DESC' },
  });
  return { accounts: data ?? [], isPending };
}

/**
 * The invoices tab of /billing: a server-paged list whose filters (status, code) and page live in
 * the URL, so a reload or a shared link keeps them. Overdue invoices stand out; an open one can
 * be paid from the balance (PayInvoiceDialog). An invoice naming no resource (a trial's bill, an
 * upgrade) is described by its text; the open bill of an ended trial is marked as the trial's
 * (GET /auth/trial `invoice_id`): paying it here ends the trial, and the payment's refresh of
 * the identity takes the trial's banner and block away.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, TextInput, useTranslate, type TranslateFunction } from 'react-admin';
import { Link } from 'react-router-dom';

import { serverNow } from '../../api/serverClock';
import type { Invoice, InvoiceStatus } from '../../dataProvider/dataProvider';
import { formatDate, formatDateTime } from '../../domain/dates';
import { isOverdue } from '../../domain/invoices';
import { formatVnd } from '../../domain/money';
import { invoiceSummary } from '../../domain/invoiceSummary';
import {
  BillingTable,
  dateRangeFilters,
  FilterSelect,
  SortableColumn,
  useOnPhone,
} from './BillingTable';
import type { CsvColumn } from './csv';
import { invoiceResourceText, InvoiceStatusChip } from './InvoiceStatusChip';
import { PayInvoiceDialog } from './PayInvoiceDialog';
import { INVOICES_RESOURCE } from './useRefreshAfterPayment';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';
import { useTrialStep } from '../../components/trialStep';

const InvoiceColumn = DataTable.Col<Invoice>;

/** The status filter's choices after "Tất cả": `overdue` is open and past due (our extension). */
const STATUSES: (InvoiceStatus | 'overdue')[] = ['open', 'overdue', 'paid', 'cancelled', 'other'];

const CSV_EXPORT = { fileName: 'hoa-don', columns: invoiceCsvColumns };

export function InvoiceList() {
  const translate = useTranslate();
  const [paying, setPaying] = useState<Invoice | null>(null);
  const trialBill = useTrialStep()?.invoiceId ?? null;
  const onPhone = useOnPhone();
  const filters = [
    <FilterSelect
      key="status"
      source="status"
      label="billing.invoice.fields.status"
      choices={STATUSES.map((status) => ({
        id: status,
        name: `billing.invoice.status.${status}`,
      }))}
      alwaysOn
    />,
    <TextInput key="code" source="code" label="billing.invoice.fields.code" alwaysOn />,
    ...dateRangeFilters(),
  ];

  return (
    <>
      <BillingTable<Invoice>
        resource={INVOICES_RESOURCE}
        filters={filters}
        csv={CSV_EXPORT}
        emptyText={translate('billing.invoice.empty')}
        rowSx={(invoice) =>
          isOverdue(invoice, serverNow()) ? { backgroundColor: 'rgba(211, 47, 47, 0.06)' } : {}
        }
      >
        <InvoiceColumn
          source="code"
          label="billing.invoice.fields.code"
          disableSort
          render={(invoice) => (
            <>
              <MuiLink
                component={Link}
                to={`/billing/invoices/${invoice.id}`}
                sx={{ fontWeight: 600 }}
              >
                {invoice.code}
              </MuiLink>
              {invoice.id === trialBill ? (
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate('billing.invoice.trial_bill')}
                  sx={{ ml: 1 }}
                />
              ) : null}
              {/* On a phone the amount and status columns give way to this line (on one line, as
                  the code's column is: phoneLayout.css). */}
              {onPhone ? (
                <div>
                  {formatVnd(invoice.amount)} <InvoiceStatusChip invoice={invoice} />
                </div>
              ) : null}
            </>
          )}
        />
        <InvoiceColumn
          source="resource_id"
          className={HIDDEN_ON_PHONE}
          label="billing.invoice.fields.resource"
          disableSort
          render={(invoice) =>
            invoice.resource_type === null && invoice.description
              ? invoiceSummary(invoice, translate)
              : invoiceResourceText(invoice, translate)
          }
        />
        <SortableColumn<Invoice>
          source="amount"
          className={HIDDEN_ON_PHONE}
          label="billing.invoice.fields.amount"
          render={(invoice) => formatVnd(invoice.amount)}
        />
        <InvoiceColumn
          source="status"
          className={HIDDEN_ON_PHONE}
          label="billing.invoice.fields.status"
          disableSort
          render={(invoice) => <InvoiceStatusChip invoice={invoice} />}
        />
        <SortableColumn<Invoice>
          source="created"
          unsortedOrder
          className={HIDDEN_ON_PHONE}
          label="billing.invoice.fields.created"
          render={(invoice) => formatDate(invoice.created)}
        />
        <InvoiceColumn
          source="due_date"
          className={HIDDEN_ON_PHONE}
          label="billing.invoice.fields.due_date"
          disableSort
          render={(invoice) => (
            <Typography
              variant="body2"
              color={isOverdue(invoice, serverNow()) ? 'error' : undefined}
              sx={{ fontWeight: isOverdue(invoice, serverNow()) ? 700 : undefined }}
            >
              {formatDate(invoice.due_date)}
            </Typography>
          )}
        />
        <InvoiceColumn
          source="id"
          label="billing.invoice.fields.actions"
          disableSort
          render={(invoice) =>
            invoice.status === 'open' ? (
              <Button
                size="small"
                variant="contained"
                aria-label={translate('billing.invoice.pay_label', { code: invoice.code })}
                onClick={() => setPaying(invoice)}
              >
                {translate('billing.invoice.pay')}
              </Button>
            ) : null
          }
        />
      </BillingTable>
      {paying ? <PayInvoiceDialog invoice={paying} open onClose={() => setPaying(null)} /> : null}
    </>
  );
}

/** The export's columns, in the reader's language; dates to the minute, amounts in whole dong. */
function invoiceCsvColumns(translate: TranslateFunction): CsvColumn<Invoice>[] {
  const now = serverNow();
  return [
    { header: translate('billing.invoice.fields.code'), cell: (invoice) => invoice.code },
    {
      header: translate('billing.invoice.fields.resource'),
      cell: (invoice) =>
        invoice.resource_type === null && invoice.description
          ? invoiceSummary(invoice, translate)
          : invoiceResourceText(invoice, translate),
    },
    {
      header: translate('billing.invoice.fields.description'),
      cell: (invoice) => invoiceSummary(invoice, translate),
    },
    { header: translate('billing.invoice.fields.amount'), cell: (invoice) => invoice.amount },
    {
      header: translate('billing.invoice.fields.status'),
      cell: (invoice) =>
        translate(`billing.invoice.status.${isOverdue(invoice, now) ? 'overdue' : invoice.status}`),
    },
    {
      header: translate('billing.invoice.fields.created'),
      cell: (invoice) => formatDateTime(invoice.created),
    },
    {
      header: translate('billing.invoice.fields.due_date'),
      cell: (invoice) => formatDateTime(invoice.due_date),
    },
    {
      header: translate('billing.invoice.fields.paid_at'),
      cell: (invoice) => (invoice.paid_at ? formatDateTime(invoice.paid_at) : ''),
    },
  ];
}

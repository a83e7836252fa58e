/**
 * The balance history tab of /billing: every credit and debit, newest first until the reader
 * sorts by time or amount, server-paged, with its type, method and date-range filters in the URL,
 * and a CSV export of every line the filters match.
 */
import { styled } from '@mui/material/styles';
import { DataTable, useTranslate, type TranslateFunction } from 'react-admin';

import type {
  BalanceAdjustment,
  BalanceAdjustmentMethod,
  BalanceAdjustmentType,
} from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { BillingTable, dateRangeFilters, FilterSelect, SortableColumn } from './BillingTable';
import type { CsvColumn } from './csv';
import { adjustmentText } from './ledgerText';
import { BALANCE_HISTORY_RESOURCE } from './useRefreshAfterPayment';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const AdjustmentColumn = DataTable.Col<BalanceAdjustment>;

/**
 * One style for every row's amount (an `sx` per row was re-serialised on each of 100 rows); on one
 * line as every list's amount is (phoneLayout.css).
 */
const SignedAmount = styled('span')(({ theme }) => ({
  fontWeight: 600,
  '&.debit': { color: theme.palette.error.main },
  '&.credit': { color: theme.palette.success.main },
}));

const TYPES: BalanceAdjustmentType[] = ['topup', 'payment', 'refund', 'coupon', 'manual'];
const METHODS: BalanceAdjustmentMethod[] = [
  'card',
  'paypal',
  'bank_transfer',
  'balance',
  'coupon',
  'admin',
];

const CSV_EXPORT = { fileName: 'lich-su-so-du', columns: adjustmentCsvColumns };

export function BalanceHistoryList() {
  const translate = useTranslate();
  const filters = [
    <FilterSelect
      key="type"
      source="type"
      label="billing.history.fields.type"
      choices={TYPES.map((type) => ({ id: type, name: `billing.history.type.${type}` }))}
      alwaysOn
    />,
    <FilterSelect
      key="method"
      source="method"
      label="billing.history.fields.method"
      choices={METHODS.map((method) => ({ id: method, name: `billing.history.method.${method}` }))}
      alwaysOn
    />,
    ...dateRangeFilters(),
  ];

  return (
    <BillingTable<BalanceAdjustment>
      resource={BALANCE_HISTORY_RESOURCE}
      filters={filters}
      csv={CSV_EXPORT}
      emptyText={translate('billing.history.empty')}
    >
      <SortableColumn<BalanceAdjustment>
        source="created"
        unsortedOrder
        label="billing.history.fields.created"
        render={(row) => formatDateTime(row.created)}
      />
      <AdjustmentColumn
        source="type"
        label="billing.history.fields.type"
        disableSort
        render={(row) => translate(`billing.history.type.${row.type}`)}
      />
      <AdjustmentColumn
        source="method"
        className={HIDDEN_ON_PHONE}
        label="billing.history.fields.method"
        disableSort
        render={(row) => translate(`billing.history.method.${row.method}`)}
      />
      <SortableColumn<BalanceAdjustment>
        source="amount"
        label="billing.history.fields.amount"
        render={(row) => (
          <SignedAmount className={row.amount < 0 ? 'debit' : 'credit'}>
            {row.amount > 0 ? `+${formatVnd(row.amount)}` : formatVnd(row.amount)}
          </SignedAmount>
        )}
      />
      <AdjustmentColumn
        source="balance_after"
        className={HIDDEN_ON_PHONE}
        label="billing.history.fields.balance_after"
        disableSort
        render={(row) => formatVnd(row.balance_after)}
      />
      <AdjustmentColumn
        source="description"
        className={HIDDEN_ON_PHONE}
        label="billing.history.fields.description"
        disableSort
        render={(row) => adjustmentText(row, translate)}
      />
      <AdjustmentColumn
        source="reference"
        className={HIDDEN_ON_PHONE}
        label="billing.history.fields.reference"
        disableSort
        render={(row) => row.reference ?? '—'}
      />
    </BillingTable>
  );
}

/** The export's columns, in the reader's language; dates to the minute, amounts in whole dong. */
function adjustmentCsvColumns(translate: TranslateFunction): CsvColumn<BalanceAdjustment>[] {
  return [
    {
      header: translate('billing.history.fields.created'),
      cell: (row) => formatDateTime(row.created),
    },
    {
      header: translate('billing.history.fields.type'),
      cell: (row) => translate(`billing.history.type.${row.type}`),
    },
    {
      header: translate('billing.history.fields.method'),
      cell: (row) => translate(`billing.history.method.${row.method}`),
    },
    { header: translate('billing.history.fields.amount'), cell: (row) => row.amount },
    { header: translate('billing.history.fields.balance_after'), cell: (row) => row.balance_after },
    {
      header: translate('billing.history.fields.description'),
      cell: (row) => adjustmentText(row, translate),
    },
    { header: translate('billing.history.fields.reference'), cell: (row) => row.reference ?? '' },
  ];
}

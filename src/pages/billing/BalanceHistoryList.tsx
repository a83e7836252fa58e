/**
 * The balance history tab of /billing: every credit and debit, newest first, server-paged, with
 * its type and method filters in the URL.
 */
import { styled } from '@mui/material/styles';
import { DataTable, SelectInput, useTranslate } from 'react-admin';

import type {
  BalanceAdjustment,
  BalanceAdjustmentMethod,
  BalanceAdjustmentType,
} from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { BillingTable } from './BillingTable';
import { BALANCE_HISTORY_RESOURCE } from './useRefreshAfterPayment';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const AdjustmentColumn = DataTable.Col<BalanceAdjustment>;

/** One style for every row's amount (an `sx` per row was re-serialised on each of 100 rows). */
const SignedAmount = styled('span')(({ theme }) => ({
  whiteSpace: 'nowrap',
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

export function BalanceHistoryList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="type"
      source="type"
      label="billing.history.fields.type"
      choices={TYPES.map((type) => ({ id: type, name: `billing.history.type.${type}` }))}
      alwaysOn
    />,
    <SelectInput
      key="method"
      source="method"
      label="billing.history.fields.method"
      choices={METHODS.map((method) => ({ id: method, name: `billing.history.method.${method}` }))}
      alwaysOn
    />,
  ];

  return (
    <BillingTable<BalanceAdjustment>
      resource={BALANCE_HISTORY_RESOURCE}
      filters={filters}
      emptyText={translate('billing.history.empty')}
    >
      <AdjustmentColumn
        source="created"
        label="billing.history.fields.created"
        disableSort
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
      <AdjustmentColumn
        source="amount"
        label="billing.history.fields.amount"
        disableSort
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

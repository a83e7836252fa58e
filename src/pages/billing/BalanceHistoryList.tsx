/**
 * The balance history tab of /billing: every credit and debit, newest first, server-paged, with
 * its type and method filters in the URL.
 */
import Typography from '@mui/material/Typography';
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
        sx={HIDDEN_ON_PHONE}
        label="billing.history.fields.method"
        disableSort
        render={(row) => translate(`billing.history.method.${row.method}`)}
      />
      <AdjustmentColumn
        source="amount"
        label="billing.history.fields.amount"
        disableSort
        render={(row) => (
          <Typography
            variant="body2"
            color={row.amount < 0 ? 'error' : 'success.main'}
            sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
          >
            {row.amount > 0 ? `+${formatVnd(row.amount)}` : formatVnd(row.amount)}
          </Typography>
        )}
      />
      <AdjustmentColumn
        source="balance_after"
        sx={HIDDEN_ON_PHONE}
        label="billing.history.fields.balance_after"
        disableSort
        render={(row) => formatVnd(row.balance_after)}
      />
      <AdjustmentColumn
        source="description"
        sx={HIDDEN_ON_PHONE}
        label="billing.history.fields.description"
        disableSort
      />
      <AdjustmentColumn
        source="reference"
        sx={HIDDEN_ON_PHONE}
        label="billing.history.fields.reference"
        disableSort
        render={(row) => row.reference ?? '—'}
      />
    </BillingTable>
  );
}

/**
 * The payments tab of /billing: the top-ups credited through a gateway, newest first until the
 * reader sorts by date or amount, server-paged, with the gateway, transaction id and date-range
 * filters in the URL, and a CSV export of every payment the filters match.
 */
import { DataTable, TextInput, useTranslate, type TranslateFunction } from 'react-admin';

import type { Payment, PaymentGateway } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import {
  BillingTable,
  dateRangeFilters,
  FilterSelect,
  SortableColumn,
  useOnPhone,
} from './BillingTable';
import type { CsvColumn } from './csv';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

/** The react-admin resource of this list (its path is in the dataProvider's RESOURCE_PATHS). */
export const PAYMENTS_RESOURCE = 'payments';

const PaymentColumn = DataTable.Col<Payment>;

const GATEWAYS: PaymentGateway[] = ['card', 'paypal', 'bank_transfer'];

const CSV_EXPORT = { fileName: 'giao-dich-nap-tien', columns: paymentCsvColumns };

/** The instrument in the reader's language (the API names it `card`, `paypal`, `bank_transfer`). */
const methodText = (payment: Payment, translate: TranslateFunction) =>
  translate(`billing.payment_method.${payment.method}`, { _: payment.method });

export function PaymentList() {
  const translate = useTranslate();
  const onPhone = useOnPhone();
  // The filter sources are the contract's query parameter names, sent as they are.
  const filters = [
    <FilterSelect
      key="payment_gateway"
      source="payment_gateway"
      label="billing.payments.fields.gateway"
      choices={GATEWAYS.map((gateway) => ({
        id: gateway,
        name: `billing.payments.gateway.${gateway}`,
      }))}
      alwaysOn
    />,
    <TextInput
      key="transaction_id"
      source="transaction_id"
      label="billing.payments.fields.transaction_id"
      alwaysOn
    />,
    ...dateRangeFilters(),
  ];

  return (
    <BillingTable<Payment>
      resource={PAYMENTS_RESOURCE}
      filters={filters}
      csv={CSV_EXPORT}
      emptyText={translate('billing.payments.empty')}
    >
      <SortableColumn<Payment>
        source="date"
        unsortedOrder
        label="billing.payments.fields.date"
        render={(payment) => (
          <>
            {formatDateTime(payment.date)}
            {/* On a phone the transaction column gives way to this, small, under the date. */}
            {onPhone ? (
              <small>
                <TransactionIds payment={payment} />
              </small>
            ) : null}
          </>
        )}
      />
      <PaymentColumn
        source="gateway"
        className={HIDDEN_ON_PHONE}
        label="billing.payments.fields.gateway"
        disableSort
        render={(payment) => translate(`billing.payments.gateway.${payment.gateway}`)}
      />
      <PaymentColumn
        source="transaction_id"
        className={HIDDEN_ON_PHONE}
        label="billing.payments.fields.transaction_id"
        disableSort
        render={(payment) => <TransactionIds payment={payment} />}
      />
      <SortableColumn<Payment>
        source="amount"
        label="billing.payments.fields.amount"
        render={(payment) => formatVnd(payment.amount)}
      />
      <PaymentColumn
        source="method"
        className={HIDDEN_ON_PHONE}
        label="billing.payments.fields.method"
        disableSort
        render={(payment) => methodText(payment, translate)}
      />
    </BillingTable>
  );
}

/**
 * Our reference (the one in the balance history and on the result page), the gateway's own number
 * under it; each on one line (as the date and transaction columns are: phoneLayout.css), so a code
 * is never broken at its hyphens.
 */
function TransactionIds({ payment }: { payment: Payment }) {
  return (
    <div>
      {payment.reference}
      {payment.transaction_id !== payment.reference && (
        <small style={{ display: 'block', opacity: 0.75 }}>{payment.transaction_id}</small>
      )}
    </div>
  );
}

/** The export's columns, in the reader's language; dates to the minute, amounts in whole dong. */
function paymentCsvColumns(translate: TranslateFunction): CsvColumn<Payment>[] {
  return [
    {
      header: translate('billing.payments.fields.date'),
      cell: (payment) => formatDateTime(payment.date),
    },
    {
      header: translate('billing.payments.fields.gateway'),
      cell: (payment) => translate(`billing.payments.gateway.${payment.gateway}`),
    },
    {
      header: translate('billing.payments.fields.transaction_id'),
      cell: (payment) => payment.transaction_id,
    },
    // Our reference, the one the balance history shows: what a bookkeeper matches the two by.
    {
      header: translate('billing.history.fields.reference'),
      cell: (payment) => payment.reference,
    },
    { header: translate('billing.payments.fields.amount'), cell: (payment) => payment.amount },
    {
      header: translate('billing.payments.fields.method'),
      cell: (payment) => methodText(payment, translate),
    },
  ];
}

/**
 * The payments tab of /billing: the top-ups credited through a gateway, newest first,
 * server-paged, with the gateway and transaction id filters in the URL.
 */
import { DataTable, SelectInput, TextInput, useTranslate } from 'react-admin';

import type { Payment, PaymentGateway } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { BillingTable } from './BillingTable';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

/** The react-admin resource of this list (its path is in the dataProvider's RESOURCE_PATHS). */
export const PAYMENTS_RESOURCE = 'payments';

const PaymentColumn = DataTable.Col<Payment>;

const GATEWAYS: PaymentGateway[] = ['card', 'paypal', 'bank_transfer'];

export function PaymentList() {
  const translate = useTranslate();
  // The filter sources are the contract's query parameter names, sent as they are.
  const filters = [
    <SelectInput
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
  ];

  return (
    <BillingTable<Payment>
      resource={PAYMENTS_RESOURCE}
      filters={filters}
      emptyText={translate('billing.payments.empty')}
    >
      <PaymentColumn
        source="date"
        label="billing.payments.fields.date"
        disableSort
        render={(payment) => formatDateTime(payment.date)}
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
        label="billing.payments.fields.transaction_id"
        disableSort
      />
      <PaymentColumn
        source="amount"
        label="billing.payments.fields.amount"
        disableSort
        render={(payment) => formatVnd(payment.amount)}
      />
      {/* The instrument as the gateway reports it (VISA, ATM, …): a name, not translated. */}
      <PaymentColumn
        source="method"
        className={HIDDEN_ON_PHONE}
        label="billing.payments.fields.method"
        disableSort
      />
    </BillingTable>
  );
}

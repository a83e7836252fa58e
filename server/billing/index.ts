/** The `billing` area: balance and ledger, orders, invoices, coupons, payments through the gateways, the customer's services and the trial. */
import type { SandboxArea } from '../platform/area';
import { billingHandlers } from './billingHandlers';
import { paymentHandlers } from './paymentHandlers';
import { serviceHandlers } from './serviceHandlers';
import { trialHandlers } from './trialHandlers';

export const billingArea: SandboxArea = {
  name: 'billing',
  handlers: {
    ...billingHandlers,
    ...paymentHandlers,
    ...serviceHandlers,
    ...trialHandlers,
  },
};

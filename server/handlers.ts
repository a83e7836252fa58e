/** Every area's handlers, keyed by the contract's operationId. */
import { agencyHandlers } from './areas/agency';
import { accountHandlers } from './areas/account';
import { authHandlers } from './areas/auth';
import { billingHandlers } from './areas/billing';
import { catalogHandlers } from './areas/catalog';
import { dashboardHandlers } from './areas/dashboard';
import { keyHandlers } from './areas/keys';
import { networkHandlers } from './areas/network';
import { paymentHandlers } from './areas/payments';
import { serverHandlers } from './areas/servers';
import { serviceHandlers } from './areas/services';
import { snapshotHandlers } from './areas/snapshots';
import { storageHandlers } from './areas/storage';
import { ticketHandlers } from './areas/tickets';
import type { HandlerTable } from './handler';

export const handlers: HandlerTable = {
  ...authHandlers,
  ...accountHandlers,
  ...catalogHandlers,
  ...billingHandlers,
  ...paymentHandlers,
  ...serverHandlers,
  ...serviceHandlers,
  ...networkHandlers,
  ...keyHandlers,
  ...storageHandlers,
  ...snapshotHandlers,
  ...agencyHandlers,
  ...ticketHandlers,
  ...dashboardHandlers,
};

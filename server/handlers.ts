/** Every area's handlers, keyed by the contract's operationId. */
import { authHandlers } from './areas/auth';
import type { HandlerTable } from './handler';

export const handlers: HandlerTable = {
  ...authHandlers,
};

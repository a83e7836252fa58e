/** The `support` area: support tickets and their conversation. */
import type { SandboxArea } from '../platform/area';
import { ticketHandlers } from './ticketHandlers';

export const supportArea: SandboxArea = {
  name: 'support',
  handlers: ticketHandlers,
};

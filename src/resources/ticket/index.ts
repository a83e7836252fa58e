/** The ticket resource: the account's support tickets, the form that opens one, and its detail. */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';

import { TICKET_RESOURCE } from './ticketModel';
import { ticketRoutes } from './ticketRoutes';

export const ticket = {
  name: TICKET_RESOURCE,
  list: lazy(() => import('./TicketList')),
  create: lazy(() => import('./TicketCreatePage')),
  icon: SupportAgentIcon,
  recordRepresentation: 'subject',
  children: ticketRoutes,
};

/** Support tickets: the account's tickets, the form that opens one, and a ticket's page. */
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';
import { TICKET_RESOURCE } from './ticketModel';

export const ticket: ResourceDeclaration = {
  name: TICKET_RESOURCE,
  apiPath: '/support/tickets',
  labelKey: 'app.section.ticket',
  recordRepresentation: 'subject',
  list: lazy(() => import('./TicketList')),
  create: lazy(() => import('./TicketCreatePage')),
  detail: lazy(() => import('./TicketDetailPage')),
  menu: {
    labelKey: 'app.section.ticket',
    icon: ConfirmationNumberIcon,
    group: 'main',
    order: 70,
  },
};

/** The ticket resource's name, its records as the contract has them, and what a ticket is waiting for. */
import type { components } from '../../api/schema';

export const TICKET_RESOURCE = 'ticket';

export type Ticket = components['schemas']['Ticket'];
export type TicketDetail = components['schemas']['TicketDetail'];
export type TicketReply = components['schemas']['TicketReply'];
export type TicketStatus = components['schemas']['TicketStatus'];

export const TICKET_STATUSES: readonly TicketStatus[] = ['open', 'closed'];

export const ticketPath = (id: Ticket['id'] | string) => `/ticket/${id}/detail`;

/** An open ticket whose latest message is the customer's: support's answer is on its way. */
export function isAwaitingSupport(ticket: TicketDetail | undefined): boolean {
  if (!ticket || ticket.status !== 'open') return false;
  const last = ticket.replies[ticket.replies.length - 1];
  return !last || last.author === 'customer';
}

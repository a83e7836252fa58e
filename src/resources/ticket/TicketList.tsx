/**
 * /ticket: the account's support tickets with their status (unprocessed or processed), creation
 * and last update; a filter by status; an empty state that leads to opening one. Spec §2 lets
 * /ticket carry a `subject` (the trial banner's "request a trial" link does): such a visit is a
 * request to open a ticket, so it goes on to the create form with the subject.
 */
import MuiLink from '@mui/material/Link';
import { DataTable, SelectInput, useTranslate } from 'react-admin';
import { Link, Navigate, useSearchParams } from 'react-router-dom';

import { ResourceList } from '../../components/ResourceList';
import { formatDateTime } from '../../domain/dates';
import { TICKET_RESOURCE, TICKET_STATUSES, ticketPath, type Ticket } from './ticketModel';
import { TicketStatusField } from './TicketStatusField';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

const TicketColumn = DataTable.Col<Ticket>;

export default function TicketList() {
  const [searchParams] = useSearchParams();
  const subject = searchParams.get('subject');
  if (subject !== null) {
    return <Navigate to={`/ticket/create?${new URLSearchParams({ subject })}`} replace />;
  }
  return <TicketListPage />;
}

function TicketListPage() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="tickets.list.filter_status"
      choices={TICKET_STATUSES.map((status) => ({
        id: status,
        name: translate(`tickets.status.${status}`),
      }))}
      translateChoice={false}
      alwaysOn
    />,
  ];

  return (
    <ResourceList
      messages="tickets.list"
      createTo="/ticket/create"
      search={false}
      resource={TICKET_RESOURCE}
      filters={filters}
    >
      <DataTable<Ticket> rowClick={(id) => ticketPath(id)} bulkActionButtons={false}>
        <TicketColumn
          source="subject"
          label="resources.ticket.fields.subject"
          disableSort
          render={(ticket) => (
            <MuiLink
              component={Link}
              to={ticketPath(ticket.id)}
              onClick={(event) => event.stopPropagation()}
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
            >
              {ticket.subject}
            </MuiLink>
          )}
        />
        <TicketColumn
          source="status"
          label="resources.ticket.fields.status"
          disableSort
          render={(ticket) => <TicketStatusField status={ticket.status} />}
        />
        <TicketColumn
          source="created"
          className={HIDDEN_ON_PHONE}
          label="resources.ticket.fields.created"
          disableSort
          render={(ticket) => formatDateTime(ticket.created)}
        />
        <TicketColumn
          source="updated"
          className={HIDDEN_ON_PHONE}
          label="resources.ticket.fields.updated"
          disableSort
          render={(ticket) => formatDateTime(ticket.updated)}
        />
      </DataTable>
    </ResourceList>
  );
}

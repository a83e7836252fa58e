/** A ticket's status as a chip: open reads "unprocessed", closed "processed" (spec §3). */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

import type { TicketStatus } from './ticketModel';

// Only colours whose chip text keeps 4.5:1 contrast (the theme's info and warning do not).
const STATUS_COLORS: Record<TicketStatus, ChipProps['color']> = {
  open: 'default',
  closed: 'success',
};

export function TicketStatusField({ status }: { status: TicketStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`tickets.status.${status}`)}
      color={STATUS_COLORS[status]}
    />
  );
}

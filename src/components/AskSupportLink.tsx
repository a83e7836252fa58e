/**
 * "Ask support about this": a link to the ticket form with the subject filled in, for the pages a
 * question is usually about (a server, a volume, billing). The subject is text the customer can
 * still change.
 */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function ticketCreatePath(subject: string): string {
  return `/ticket/create?${new URLSearchParams({ subject })}`;
}

export function AskSupportLink({
  subject,
  sx,
  ...buttonProps
}: { subject: string } & Omit<ButtonProps<typeof Link>, 'component' | 'to'>) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={ticketCreatePath(subject)}
      variant="outlined"
      startIcon={<SupportAgentIcon />}
      {...buttonProps}
      // Its own white ground: the primary blue keeps 4.5:1 contrast on the page's grey as well.
      sx={[{ bgcolor: 'background.paper' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {translate('tickets.ask_support')}
    </Button>
  );
}

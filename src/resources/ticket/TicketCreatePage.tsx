/**
 * /ticket/create: subject (prefilled from `?subject=`, as the trial banner and the "ask support"
 * links send it), the message on several lines, and when support may call or work on the server,
 * chosen from spec §9's half-hourly night times (Vietnam time). Subject and message are required
 * (spec §5); a refused or failed send keeps everything typed. A sent ticket opens its detail page.
 */
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SelectInput, TextInput, Title, useTranslate, type Validator } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { CreateForm } from '../../components/CreateForm';
import { clearDraft, KeepDraft, readDraft } from '../../components/formDraft';
import { usePageTitle } from '../../components/usePageTitle';
import { usePortalNotify } from '../../components/usePortalNotify';
import {
  TICKET_CONTACT_TIMES,
  validateTicketContent,
  validateTicketSubject,
} from '../../domain/ticketRules';
import { TICKET_RESOURCE, ticketPath, type TicketDetail } from './ticketModel';

type TicketFormValues = {
  subject?: string;
  content?: string;
  preferred_time?: string;
};

/** What a new ticket keeps of what was typed until it is sent (formDraft.tsx). */
const DRAFT_FORM = 'ticket-new';
const DRAFT_FIELDS = ['subject', 'content'] as const;

/** The select's "no preference": react-admin reads an empty choice as no value. */
const NO_PREFERENCE = '';

export default function TicketCreatePage() {
  const translate = useTranslate();
  const title = translate('tickets.create.title');
  usePageTitle(title);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  // Read once: the form owns the subject after that. A draft not sent yet comes back; a subject
  // the link gives (a question about the trial) replaces the draft's.
  const [defaultValues] = useState<TicketFormValues>(() => {
    const linked = searchParams.get('subject');
    return {
      subject: '',
      content: '',
      preferred_time: NO_PREFERENCE,
      ...readDraft<TicketFormValues>(DRAFT_FORM),
      ...(linked && { subject: linked }),
    };
  });

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 760 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <CreateForm<TicketDetail, TicketFormValues>
        resource={TICKET_RESOURCE}
        defaultValues={defaultValues}
        toBody={(values: TicketFormValues) => ({
          subject: values.subject?.trim() ?? '',
          content: values.content ?? '',
          ...(values.preferred_time && { preferred_time: values.preferred_time }),
        })}
        onCreated={(ticket) => {
          clearDraft(DRAFT_FORM);
          notify.success('tickets.create.created');
          navigate(ticketPath(ticket.id));
        }}
        submitKey="tickets.create.submit"
        submitIcon={<SendIcon />}
        cancelTo="/ticket"
      >
        <KeepDraft form={DRAFT_FORM} fields={DRAFT_FIELDS} />
        <TextInput
          source="subject"
          label="resources.ticket.fields.subject"
          validate={validateSubject}
          fullWidth
        />
        <TextInput
          source="content"
          label="resources.ticket.fields.content"
          helperText="tickets.create.content_help"
          validate={validateContent}
          multiline
          minRows={6}
          fullWidth
        />
        <SelectInput
          source="preferred_time"
          label="resources.ticket.fields.preferred_time"
          helperText="tickets.create.preferred_time_help"
          choices={TICKET_CONTACT_TIMES.map((time) => ({ id: time, name: time }))}
          translateChoice={false}
          emptyValue={NO_PREFERENCE}
          emptyText="tickets.create.no_preference"
          sx={{ maxWidth: 320 }}
          fullWidth
        />
      </CreateForm>
    </Box>
  );
}

const validateSubject: Validator = (value) => validateTicketSubject(value);
const validateContent: Validator = (value) => validateTicketContent(value);

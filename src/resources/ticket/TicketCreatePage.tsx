/**
 * /ticket/create: subject (prefilled from `?subject=`, as the trial banner and the "ask support"
 * links send it), the message on several lines, and when support may call or work on the server,
 * chosen from spec §9's half-hourly night times (Vietnam time). Subject and message are required
 * (spec §5); a refused or failed send keeps everything typed. A sent ticket opens its detail page.
 */
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  Form,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useTranslate,
  type Validator,
} from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { isLostAnswer } from '../../components/lostAnswer';
import { usePageTitle } from '../../components/usePageTitle';
import { errorText, usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import {
  TICKET_CONTACT_TIMES,
  validateTicketContent,
  validateTicketSubject,
} from '../../domain/ticketRules';
import { TICKET_RESOURCE, ticketPath, type TicketDetail } from './ticketModel';

interface TicketFormValues {
  subject?: string;
  content?: string;
  preferred_time?: string;
}

/** The select's "no preference": react-admin reads an empty choice as no value. */
const NO_PREFERENCE = '';

export default function TicketCreatePage() {
  const translate = useTranslate();
  const title = translate('tickets.create.title');
  usePageTitle(title);
  const [searchParams] = useSearchParams();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = usePortalNotify();
  const [submitError, setSubmitError] = useState<string>();
  const submitting = useRef(false);
  // Read once: the form owns the subject after that.
  const [defaultValues] = useState<TicketFormValues>(() => ({
    subject: searchParams.get('subject') ?? '',
    content: '',
    preferred_time: NO_PREFERENCE,
  }));

  const create = useMutation({
    mutationFn: async (values: TicketFormValues) => {
      const { data } = await dataProvider.create<TicketDetail>(TICKET_RESOURCE, {
        data: {
          subject: values.subject?.trim() ?? '',
          content: values.content ?? '',
          ...(values.preferred_time && { preferred_time: values.preferred_time }),
        },
      });
      return data as TicketDetail;
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    if (submitting.current) return undefined;
    submitting.current = true;
    setSubmitError(undefined);
    try {
      const ticket = await create.mutateAsync(values as TicketFormValues);
      await queryClient.invalidateQueries({ queryKey: [TICKET_RESOURCE] });
      notify.success('tickets.create.created');
      navigate(ticketPath(ticket.id));
      return undefined;
    } catch (error) {
      if (isLostAnswer(error)) {
        // The ticket may have been opened: the list, read again, says so.
        await queryClient.invalidateQueries({ queryKey: [TICKET_RESOURCE] });
        setSubmitError(translate('app.error.result_unknown'));
        return undefined;
      }
      const errors = fieldErrors(error);
      const fields = {
        ...(errors.subject && { subject: errors.subject }),
        ...(errors.content && { content: errors.content }),
        ...(errors.preferred_time && { preferred_time: errors.preferred_time }),
      };
      if (Object.keys(fields).length === 0) {
        setSubmitError(errorText(error) ?? translate('app.error.generic'));
      }
      return fields;
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 760 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Form onSubmit={submit} defaultValues={defaultValues} noValidate>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1}>
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
              {submitError ? <Alert severity="error">{submitError}</Alert> : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <BusyButton
                  type="submit"
                  variant="contained"
                  busy={create.isPending}
                  startIcon={<SendIcon />}
                >
                  {translate('tickets.create.submit')}
                </BusyButton>
                <Button component={Link} to="/ticket">
                  {translate('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Form>
    </Box>
  );
}

const validateSubject: Validator = (value) => validateTicketSubject(value);
const validateContent: Validator = (value) => validateTicketContent(value);

/**
 * /ticket/{id}/detail: the ticket's subject, status and preferred contact time, the conversation
 * (the customer's opening message, then every reply, newest last, line breaks kept and everything
 * shown as text), a reply box, and "resolved", which asks first and then closes the ticket; a
 * resolved ticket can be reopened. While support's answer is awaited the page polls fast, slowly
 * otherwise, and not while the tab is hidden.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { TextInput, Title, useDataProvider, useTranslate, type Validator } from 'react-admin';
import { Link } from 'react-router-dom';

import { errorMessage, fieldErrors } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { clearDraft, KeepDraft, readDraft } from '../../components/formDraft';
import { PortalForm } from '../../components/PortalForm';
import { RecordPage, useRecordOfPage } from '../../components/RecordPage';
import { isLostAnswer } from '../../components/lostAnswer';
import { usePageTitle } from '../../components/usePageTitle';
import { usePortalNotify } from '../../components/usePortalNotify';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatDateTime } from '../../domain/dates';
import { validateTicketContent } from '../../domain/ticketRules';
import {
  isAwaitingSupport,
  TICKET_RESOURCE,
  type TicketDetail,
  type TicketReply,
} from './ticketModel';
import { TicketStatusField } from './TicketStatusField';

export default function TicketDetailPage() {
  const translate = useTranslate();
  const query = useRecordOfPage<TicketDetail>(TICKET_RESOURCE, isAwaitingSupport, (ticket) =>
    Array.isArray(ticket.replies),
  );
  usePageTitle(query.data?.subject ?? translate('tickets.detail.title'));
  return (
    <RecordPage
      query={query}
      notFoundKey="tickets.detail.not_found"
      back={{ to: '/ticket', labelKey: 'tickets.detail.back' }}
    >
      {(ticket) => <TicketPage ticket={ticket} onChanged={() => query.refetch()} />}
    </RecordPage>
  );
}

function TicketPage({ ticket, onChanged }: { ticket: TicketDetail; onChanged: () => unknown }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
      <Title title={ticket.subject} />
      <TicketHeader ticket={ticket} onChanged={onChanged} />
      <Conversation ticket={ticket} />
      {ticket.status === 'open' ? (
        <ReplyForm ticketId={ticket.id} onReplied={onChanged} />
      ) : (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={Link} to="/ticket/create">
              {translate('tickets.list.create')}
            </Button>
          }
        >
          {translate('tickets.detail.closed')}
        </Alert>
      )}
    </Box>
  );
}

function TicketHeader({ ticket, onChanged }: { ticket: TicketDetail; onChanged: () => unknown }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = usePortalNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Resolving and reopening: the same call shape, told apart by the action's name.
  const change = (action: 'resolve' | 'reopen', done: string) => ({
    mutationFn: () =>
      action === 'resolve'
        ? dataProvider.resolveTicket(ticket.id)
        : dataProvider.reopenTicket(ticket.id),
    onSuccess: async () => {
      setConfirming(false);
      notify.success(done);
      await queryClient.invalidateQueries({ queryKey: [TICKET_RESOURCE, 'getList'] });
      await onChanged();
    },
    onError: async (error: unknown) => {
      setConfirming(false);
      if (isLostAnswer(error)) notify.resultUnknown();
      else notify.error(error);
      await onChanged();
    },
  });
  const resolve = useMutation(change('resolve', 'tickets.detail.resolved'));
  const reopen = useMutation(change('reopen', 'tickets.detail.reopened'));
  return (
    // On a card: the page's grey leaves too little contrast for the buttons' blue.
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
              {ticket.subject}
            </Typography>
            <TicketStatusField status={ticket.status} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('tickets.detail.opened', { date: formatDateTime(ticket.created) })}
            {ticket.preferred_time
              ? ` · ${translate('tickets.detail.preferred_time', { time: ticket.preferred_time })}`
              : null}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {ticket.status === 'open' ? (
              <Button
                variant="outlined"
                startIcon={<CheckCircleIcon />}
                onClick={() => setConfirming(true)}
              >
                {translate('tickets.detail.resolve')}
              </Button>
            ) : (
              <BusyButton
                variant="outlined"
                busy={reopen.isPending}
                startIcon={<ReplayIcon />}
                onClick={() => reopen.mutateAsync()}
              >
                {translate('tickets.detail.reopen')}
              </BusyButton>
            )}
            <Button component={Link} to="/ticket">
              {translate('tickets.detail.back')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <ResolveDialog
        open={confirming && ticket.status === 'open'}
        subject={ticket.subject}
        busy={resolve.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => resolve.mutateAsync()}
      />
    </Card>
  );
}

/** Asked before resolving: support stops answering, though the ticket can be reopened. */
function ResolveDialog(props: {
  open: boolean;
  subject: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => unknown;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{translate('tickets.detail.resolve_confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ wordBreak: 'break-word' }}>
          {translate('tickets.detail.resolve_confirm.text', { subject: props.subject })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.busy}>
          {translate('ra.action.cancel')}
        </Button>
        <BusyButton
          variant="contained"
          busy={props.busy}
          startIcon={<CheckCircleIcon />}
          onClick={props.onConfirm}
        >
          {translate('tickets.detail.resolve_confirm.confirm')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

/** The opening message as the customer's first, then the replies in the order they came. */
function Conversation({ ticket }: { ticket: TicketDetail }) {
  const translate = useTranslate();
  const opening: Pick<TicketReply, 'author' | 'content' | 'created'> = {
    author: 'customer',
    content: ticket.content,
    created: ticket.created,
  };
  const messages = [opening, ...ticket.replies];
  return (
    <Box component="section" aria-labelledby="ticket-conversation" sx={{ mb: 2 }}>
      <Typography id="ticket-conversation" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('tickets.detail.conversation')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {messages.map((message, index) => (
          <Message
            key={'id' in message ? `reply-${message.id}` : `opening-${index}`}
            {...message}
          />
        ))}
      </Stack>
      {isAwaitingSupport(ticket) ? (
        <Alert severity="info" role="status" sx={{ mt: 1.5 }}>
          {translate('tickets.detail.waiting')}
        </Alert>
      ) : null}
    </Box>
  );
}

function Message(props: Pick<TicketReply, 'author' | 'content' | 'created'> & { id?: number }) {
  const translate = useTranslate();
  const fromSupport = props.author === 'support';
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: fromSupport ? 'flex-start' : 'flex-end' }}
    >
      <Card
        variant="outlined"
        sx={{
          width: { xs: '100%', sm: '85%' },
          bgcolor: fromSupport ? 'background.paper' : 'grey.50',
        }}
        data-author={props.author}
      >
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Typography variant="subtitle2" component="p">
            {translate(fromSupport ? 'tickets.detail.support' : 'tickets.detail.you')}
            <Typography component="span" variant="body2" color="text.secondary">
              {` · ${formatDateTime(props.created)}`}
            </Typography>
          </Typography>
          {/* Text, never HTML: line breaks are kept by CSS, not by markup. */}
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>
            {props.content}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

function ReplyForm({ ticketId, onReplied }: { ticketId: number; onReplied: () => unknown }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const [submitError, setSubmitError] = useState<string>();
  // A new form after each sent reply: the box starts empty again.
  const [formKey, setFormKey] = useState(0);
  const submitting = useRef(false);
  const draftForm = `ticket-reply-${ticketId}`;
  // Read once, not at every render: react-admin resets a form whose default values change.
  const [defaultValues, setDefaultValues] = useState(() => ({
    content: '',
    ...readDraft(draftForm),
  }));
  const reply = useMutation({
    mutationFn: (content: string) => dataProvider.replyToTicket(ticketId, content),
  });

  const submit = async (values: Record<string, unknown>) => {
    if (submitting.current) return undefined;
    submitting.current = true;
    setSubmitError(undefined);
    try {
      await reply.mutateAsync(String(values.content ?? ''));
      clearDraft(draftForm);
      notify.success('tickets.detail.replied');
      setDefaultValues({ content: '' });
      setFormKey((key) => key + 1);
      await queryClient.invalidateQueries({ queryKey: [TICKET_RESOURCE, 'getList'] });
      await onReplied();
      return undefined;
    } catch (error) {
      if (isLostAnswer(error)) {
        await onReplied();
        setSubmitError(translate('app.error.result_unknown'));
        return undefined;
      }
      const errors = fieldErrors(error);
      if (errors.content) return { content: errors.content };
      setSubmitError(errorMessage(error, translate));
      // The ticket may have been closed meanwhile: show it as it is now.
      await onReplied();
      return undefined;
    } finally {
      submitting.current = false;
    }
  };

  return (
    <PortalForm key={formKey} onSubmit={submit} defaultValues={defaultValues}>
      <KeepDraft form={draftForm} fields={REPLY_FIELDS} />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            <TextInput
              source="content"
              label="tickets.detail.reply"
              validate={validateContent}
              multiline
              minRows={4}
              fullWidth
            />
            {submitError ? <Alert severity="error">{submitError}</Alert> : null}
            <Box>
              <BusyButton
                type="submit"
                variant="contained"
                busy={reply.isPending}
                startIcon={<SendIcon />}
              >
                {translate('tickets.detail.reply_submit')}
              </BusyButton>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </PortalForm>
  );
}

const validateContent: Validator = (value) => validateTicketContent(value);

/** What a reply keeps of what was typed until it is sent (formDraft.tsx). */
const REPLY_FIELDS = ['content'] as const;

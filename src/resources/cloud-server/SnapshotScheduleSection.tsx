/**
 * The weekly auto-snapshot of the server in the record context (spec §9: weekly, free, only the
 * most recent one kept): turn it on with a weekday and an hour, change them, pause or resume it,
 * or turn it off. Each change reports created, updated, deleted or the error.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';

import { BusyButton } from '../../components/BusyButton';
import type { PortalDataProvider, Server, SnapshotSchedule } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDateTime } from '../../domain/dates';
import { DEFAULT_SNAPSHOT_SCHEDULE, HOURS_OF_DAY, WEEKDAYS } from './serverConstants';
import { useServerAction } from './useServerAction';

export function SnapshotScheduleSection({ canAct }: { canAct: boolean }) {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const serverId = server?.id ?? 0;
  const schedule = useQuery({
    queryKey: QUERY_KEYS.snapshotSchedule(serverId),
    queryFn: () => dataProvider.getSnapshotSchedule(serverId),
    enabled: server !== undefined,
  });
  if (!server) return null;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('servers.snapshot.intro')}
      </Typography>
      {schedule.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {schedule.isError ? (
        <Alert severity="error">{translate('servers.snapshot.load_failed')}</Alert>
      ) : null}
      {schedule.isSuccess ? (
        <ScheduleEditor
          // A new form when the schedule appears, changes or goes.
          key={schedule.data ? `${schedule.data.weekday}-${schedule.data.hour}` : 'none'}
          server={server}
          schedule={isSchedule(schedule.data) ? schedule.data : null}
          canAct={canAct}
        />
      ) : null}
    </Stack>
  );
}

interface ScheduleEditorProps {
  server: Server;
  schedule: SnapshotSchedule | null;
  canAct: boolean;
}

function ScheduleEditor({ server, schedule, canAct }: ScheduleEditorProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [weekday, setWeekday] = useState<number>(
    schedule?.weekday ?? DEFAULT_SNAPSHOT_SCHEDULE.weekday,
  );
  const [hour, setHour] = useState<number>(schedule?.hour ?? DEFAULT_SNAPSHOT_SCHEDULE.hour);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const create = useServerAction({
    mutationFn: () => dataProvider.createSnapshotSchedule(server.id, { weekday, hour }),
    successKey: 'servers.snapshot.created',
    failureKey: 'servers.snapshot.error',
  });
  const update = useServerAction({
    mutationFn: (body: { weekday?: number; hour?: number; status?: 'active' | 'paused' }) =>
      dataProvider.updateSnapshotSchedule(server.id, body),
    successKey: 'servers.snapshot.updated',
    failureKey: 'servers.snapshot.error',
  });

  const changed = schedule !== null && (schedule.weekday !== weekday || schedule.hour !== hour);
  const busy = create.isPending || update.isPending;

  return (
    <Stack spacing={2}>
      {schedule ? (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography>
              {translate('servers.snapshot.summary', {
                weekday: translate(`servers.weekday.${schedule.weekday}`),
                hour: hourText(schedule.hour),
              })}
            </Typography>
            <Chip
              size="small"
              color={schedule.status === 'active' ? 'success' : 'default'}
              label={translate(`servers.snapshot.status_${schedule.status}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('servers.snapshot.next_run', {
              date: schedule.next_run ? formatDateTime(schedule.next_run) : '—',
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('servers.snapshot.last_run', {
              date: schedule.last_run ? formatDateTime(schedule.last_run) : '—',
            })}
          </Typography>
        </Stack>
      ) : (
        <Typography>{translate('servers.snapshot.none')}</Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          label={translate('servers.snapshot.weekday')}
          value={weekday}
          onChange={(event) => setWeekday(Number(event.target.value))}
          disabled={!canAct}
          sx={{ minWidth: 160 }}
        >
          {WEEKDAYS.map((day) => (
            <MenuItem key={day} value={day}>
              {translate(`servers.weekday.${day}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('servers.snapshot.hour')}
          value={hour}
          onChange={(event) => setHour(Number(event.target.value))}
          disabled={!canAct}
          helperText={translate('servers.snapshot.hour_help')}
          sx={{ minWidth: 160 }}
        >
          {HOURS_OF_DAY.map((value) => (
            <MenuItem key={value} value={value}>
              {hourText(value)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {schedule ? (
          <>
            <BusyButton
              variant="contained"
              busy={update.isPending}
              disabled={!canAct || !changed || busy}
              onClick={() => update.mutateAsync({ weekday, hour })}
            >
              {translate('servers.snapshot.save')}
            </BusyButton>
            <BusyButton
              variant="outlined"
              busy={false}
              disabled={!canAct || busy}
              onClick={() =>
                update.mutateAsync({ status: schedule.status === 'active' ? 'paused' : 'active' })
              }
            >
              {translate(
                schedule.status === 'active' ? 'servers.snapshot.pause' : 'servers.snapshot.resume',
              )}
            </BusyButton>
            <Button
              variant="outlined"
              color="error"
              disabled={!canAct || busy}
              onClick={() => setConfirmingDelete(true)}
            >
              {translate('servers.snapshot.delete')}
            </Button>
          </>
        ) : (
          <BusyButton
            variant="contained"
            busy={create.isPending}
            disabled={!canAct}
            onClick={() => create.mutateAsync()}
          >
            {translate('servers.snapshot.create')}
          </BusyButton>
        )}
      </Stack>
      {confirmingDelete ? (
        <DeleteScheduleDialog server={server} onClose={() => setConfirmingDelete(false)} />
      ) : null}
    </Stack>
  );
}

function DeleteScheduleDialog({ server, onClose }: { server: Server; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const remove = useServerAction({
    mutationFn: () => dataProvider.deleteSnapshotSchedule(server.id),
    successKey: 'servers.snapshot.deleted',
    failureKey: 'servers.snapshot.error',
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('servers.snapshot.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('servers.snapshot.delete_text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <BusyButton
          variant="contained"
          color="error"
          busy={remove.isPending}
          onClick={() => remove.mutateAsync()}
        >
          {translate('servers.snapshot.delete')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}

function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

function isSchedule(value: unknown): value is SnapshotSchedule {
  return typeof (value as SnapshotSchedule | null)?.weekday === 'number';
}

/**
 * A server's status in words, and while it builds, resizes, rebuilds or is deleted, how far it
 * has got (a progress bar with the percentage). Reads the server from the record context.
 */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';

import type { Server, ServerStatus } from '../../dataProvider/dataProvider';
import { showsProgress } from './serverConstants';
import { usePendingTransition } from './serverWatch';

const STATUS_COLORS: Record<ServerStatus, ChipProps['color']> = {
  building: 'info',
  active: 'success',
  shutoff: 'default',
  rebooting: 'info',
  resizing: 'info',
  rebuilding: 'info',
  restoring: 'info',
  deleting: 'warning',
  error: 'error',
  suspended: 'error',
};

/** The status in words, or the power change asked for that the server has not reported yet. */
export function useServerStatusLabel(server: Server | undefined): string {
  const translate = useTranslate();
  const transition = usePendingTransition();
  if (!server) return '';
  return translate(`servers.status.${transition ?? server.status}`);
}

export function ServerStatusField() {
  const translate = useTranslate();
  const server = useRecordContext<Server>();
  const transition = usePendingTransition();
  const label = useServerStatusLabel(server);
  if (!server) return null;
  const color = transition ? 'info' : (STATUS_COLORS[server.status] ?? 'default');
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <Box>
        <Chip size="small" label={label} color={color} />
      </Box>
      {!transition && showsProgress(server) ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={server.progress}
            sx={{ flexGrow: 1 }}
            aria-label={translate('servers.progress_label', {
              status: label,
              progress: server.progress,
            })}
          />
          <Typography variant="caption">{`${server.progress}%`}</Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}

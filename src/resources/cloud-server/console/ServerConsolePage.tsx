/**
 * A server's web console, full width and as tall as the window (issue 19): the server's serial
 * console in xterm.js, reached through a one-time ticket and a WebSocket (useConsoleConnection).
 * xterm.js is loaded only here, by dynamic import. Copy: select with the mouse, then the copy
 * button (or Ctrl+Shift+C / the browser's menu); paste: Ctrl+Shift+V or a right click, which
 * xterm.js sends to the server. States: connecting, connected, closed (with Reconnect, which asks
 * a new ticket) and refused (the server's reason, with Reconnect too).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { RecordPage, useRecordOfPage } from '../../../components/RecordPage';
import { usePageTitle } from '../../../components/usePageTitle';
import { usePortalNotify } from '../../../components/usePortalNotify';
import type { Server } from '../../../dataProvider/dataProvider';
import type { ConsoleTerminal } from './consoleTerminal';
import { useConsoleConnection, type ConsoleState } from './useConsoleConnection';

export default function ServerConsolePage() {
  // The console itself tells when the server stops: the record is read once, not polled.
  const query = useRecordOfPage<Server>('cloud-server', () => false);
  return (
    <RecordPage
      query={query}
      notFoundKey="servers.detail.not_found"
      back={{ to: '/cloud-server', labelKey: 'servers.list.title' }}
    >
      {(server) => <ServerConsole server={server} />}
    </RecordPage>
  );
}

function ServerConsole({ server }: { server: Server }) {
  const translate = useTranslate();
  const notify = usePortalNotify();
  const narrow = useMediaQuery('(max-width:600px)');
  const title = translate('servers.console.title', { name: server.name });
  usePageTitle(title);
  const panel = useRef<HTMLDivElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const [terminal, setTerminal] = useState<ConsoleTerminal>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const label = translate('servers.console.terminal', { name: server.name });

  useEffect(() => {
    const element = screen.current;
    if (!element) return undefined;
    let opened: ConsoleTerminal | undefined;
    let cancelled = false;
    import('./consoleTerminal').then(
      ({ openTerminal }) => {
        if (cancelled) return;
        try {
          opened = openTerminal(element, { label, narrow });
          setTerminal(opened);
        } catch {
          // A browser that cannot draw it: said so, with a retry, rather than "connecting" forever.
          setLoadFailed(true);
        }
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    // The terminal follows the window (and full screen): as many columns as fit, 375 px too.
    const resize =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => opened?.fit());
    resize?.observe(element);
    return () => {
      cancelled = true;
      resize?.disconnect();
      opened?.dispose();
      setTerminal(undefined);
    };
    // The terminal is made once per page (and per retry after a failed download).
  }, [loadAttempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const { state, reconnect } = useConsoleConnection(Number(server.id), terminal);

  const copySelection = async () => {
    const text = terminal?.selection() ?? '';
    if (!text) {
      notify.info('servers.console.nothing_selected');
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      notify.success('servers.console.copied');
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Box sx={{ mt: 2, mb: 2 }}>
      <Title title={title} />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Button
          component={Link}
          to={`/cloud-server/${server.id}/detail`}
          startIcon={<ArrowBackIcon />}
          size="small"
        >
          {translate('servers.console.back')}
        </Button>
        <Button
          startIcon={<ContentCopyIcon />}
          size="small"
          variant="outlined"
          disabled={!terminal}
          onClick={() => void copySelection()}
        >
          {translate('servers.console.copy')}
        </Button>
        {typeof document !== 'undefined' && document.fullscreenEnabled ? (
          <Button
            startIcon={<FullscreenIcon />}
            size="small"
            variant="outlined"
            onClick={() => void panel.current?.requestFullscreen().then(() => terminal?.fit())}
          >
            {translate('servers.console.fullscreen')}
          </Button>
        ) : null}
      </Stack>
      <ConnectionStatus state={state} loadFailed={loadFailed} onReconnect={reconnect} />
      {loadFailed ? (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setLoadFailed(false);
                setLoadAttempt((n) => n + 1);
              }}
            >
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('servers.console.load_failed')}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('servers.console.hint')}
      </Typography>
      <Box
        ref={panel}
        sx={{
          position: 'relative',
          bgcolor: '#101418',
          borderRadius: 1,
          p: 1,
          '&:fullscreen': { borderRadius: 0, p: 2 },
        }}
      >
        <Box
          ref={screen}
          role="region"
          aria-label={label}
          data-testid="console-screen"
          sx={{
            height: { xs: 'calc(100dvh - 330px)', sm: 'calc(100dvh - 260px)' },
            minHeight: 280,
            '*:fullscreen > &': { height: 'calc(100dvh - 32px)' },
          }}
        />
      </Box>
    </Box>
  );
}

function ConnectionStatus({
  state,
  loadFailed,
  onReconnect,
}: {
  state: ConsoleState;
  loadFailed: boolean;
  onReconnect: () => void;
}) {
  const translate = useTranslate();
  const reconnectButton = (
    <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onReconnect}>
      {translate('servers.console.reconnect')}
    </Button>
  );
  if (loadFailed) return null;
  // Closed and refused are alerts (announced at once); connecting and connected a polite status.
  if (state.phase === 'closed' || state.phase === 'error') {
    return (
      <Alert
        severity={state.phase === 'error' ? 'error' : 'info'}
        action={reconnectButton}
        sx={{ mb: 1 }}
      >
        {state.phase === 'error' ? state.message : translate(state.messageKey, state.messageArgs)}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-live="polite" sx={{ mb: 1 }}>
      {state.phase === 'connecting' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
          <CircularProgress size={18} aria-hidden="true" />
          <Typography variant="body2">{translate('servers.console.connecting')}</Typography>
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ color: 'success.dark', py: 0.5 }}>
          {translate('servers.console.connected')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * /cloud-server/{id}/detail: one server. Its status (with progress while it changes), the actions
 * that apply to it, and four tabs: overview, IP addresses, auto-snapshot, metrics (a chunk of its
 * own, loaded when opened). It polls like the list: fast while in transition, slowly otherwise,
 * not while the tab is hidden. When the account may not act (spec §5) the reasons show above and
 * every action is disabled.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { RecordContextProvider, Title, useDataProvider, useTranslate } from 'react-admin';

import { CopyableId } from '../../components/CopyButton';
import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { DatacenterName } from '../../components/DatacenterName';
import { RecordPage, useRecordOfPage } from '../../components/RecordPage';
import { ScrollingTabs } from '../../components/ScrollingTabs';
import { ServerVolumesSection } from '../../components/ServerVolumesSection';
import { SuspendedNotice } from '../../components/SuspendedNotice';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { POLL_FAST_AFTER_ACTION_MS } from '../../components/usePollInterval';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatDate } from '../../domain/dates';
import { sayPaidThrough } from '../../domain/periods';
import { formatVnd } from '../../domain/money';
import { ServerActions } from './ServerActions';
import { isInTransition, showsProgress } from './serverConstants';
import { ServerIpsSection } from './ServerIpsSection';
import { ServerStatusField, useServerStatusLabel } from './ServerStatusField';
import { configText } from './serverText';
import {
  ServerWatchContext,
  usePendingTransition,
  type ExpectedChange,
  type ServerWatch,
} from './serverWatch';
import { SnapshotScheduleSection } from './SnapshotScheduleSection';
import { WaitNotice } from './WaitNotice';

type TabName = 'overview' | 'ips' | 'snapshot' | 'metrics';

const ServerMetricsSection = lazy(() => import('./ServerMetricsSection'));

export default function ServerDetailPage() {
  const translate = useTranslate();
  // Until when to poll fast because the customer just acted on the server.
  const watchUntil = useRef(0);
  // A power change asked for, shown until the server reports a new status (or the watch ends).
  const [expected, setExpected] = useState<ExpectedChange>();
  const expectedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const watch = useCallback((change?: ExpectedChange) => {
    watchUntil.current = Date.now() + POLL_FAST_AFTER_ACTION_MS;
    setExpected(change);
    clearTimeout(expectedTimer.current);
    if (change) {
      expectedTimer.current = setTimeout(() => setExpected(undefined), POLL_FAST_AFTER_ACTION_MS);
    }
  }, []);
  useEffect(() => () => clearTimeout(expectedTimer.current), []);
  const query = useRecordOfPage<Server>(
    'cloud-server',
    (server) => isInTransition(server?.status) || Date.now() < watchUntil.current,
  );
  const server = query.data;
  const title = server?.name ?? translate('servers.detail.title');
  usePageTitle(title);
  // The server reported another status: the transition it was asked for is over.
  if (expected && server && server.status !== expected.from) setExpected(undefined);
  const serverWatch = useMemo<ServerWatch>(
    () => ({ watch, transition: expected?.transition }),
    [watch, expected],
  );

  return (
    <RecordPage
      query={query}
      notFoundKey="servers.detail.not_found"
      back={{ to: '/cloud-server', labelKey: 'servers.list.title' }}
    >
      {(record, stale) => (
        <ServerWatchContext.Provider value={serverWatch}>
          <RecordContextProvider value={record}>
            <ServerDetail server={record} stateUnknown={stale} />
          </RecordContextProvider>
        </ServerWatchContext.Provider>
      )}
    </RecordPage>
  );
}

function ServerDetail({ server, stateUnknown }: { server: Server; stateUnknown: boolean }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const [tab, setTab] = useState<TabName>('overview');
  const tabsId = useId();
  const transition = usePendingTransition();
  // Nothing else is asked of the server while it changes power state.
  const disabled = !permission.allowed || stateUnknown || transition !== undefined;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={server.name} />
      <ActionBlockedAlert permission={permission} />
      <Stack spacing={2} sx={{ mb: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
        >
          <Typography
            variant="h5"
            component="h1"
            sx={{ minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'break-all' }}
          >
            {server.name}
          </Typography>
          <ServerStatusField />
          <CopyableId id={Number(server.id)} name={server.name} />
        </Stack>
        <StatusAnnouncement server={server} />
        <ServerActions server={server} disabled={disabled} />
      </Stack>
      {showsProgress(server) ? (
        <Box sx={{ mb: 2 }}>
          <WaitNotice />
        </Box>
      ) : null}
      {server.status === 'error' ? <ServerErrorNotice server={server} /> : null}
      {server.status === 'suspended' ? (
        <Box sx={{ mb: 2 }}>
          <SuspendedNotice resource="servers" />
        </Box>
      ) : null}
      <Card variant="outlined">
        <ScrollingTabs
          value={tab}
          onChange={(_event, value: TabName) => setTab(value)}
          aria-label={translate('servers.detail.tabs')}
          // The tab bar takes the card's width and scrolls within it: its labels never widen the
          // page (without this, its own width would stretch the whole layout on a phone).
          sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
        >
          <Tab
            value="overview"
            label={translate('servers.detail.overview')}
            id={`${tabsId}-overview`}
            aria-controls={`${tabsId}-panel`}
          />
          <Tab
            value="ips"
            label={translate('servers.ips.title')}
            id={`${tabsId}-ips`}
            aria-controls={`${tabsId}-panel`}
          />
          <Tab
            value="snapshot"
            label={translate('servers.snapshot.title')}
            id={`${tabsId}-snapshot`}
            aria-controls={`${tabsId}-panel`}
          />
          <Tab
            value="metrics"
            label={translate('servers.metrics.title')}
            id={`${tabsId}-metrics`}
            aria-controls={`${tabsId}-panel`}
          />
        </ScrollingTabs>
        <CardContent role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
          {tab === 'overview' ? <Overview server={server} /> : null}
          {tab === 'ips' ? <ServerIpsSection canAct={!disabled} /> : null}
          {tab === 'snapshot' ? <SnapshotScheduleSection canAct={!disabled} /> : null}
          {tab === 'metrics' ? (
            <Suspense
              fallback={<LinearProgress aria-label={translate('servers.metrics.loading')} />}
            >
              <ServerMetricsSection server={server} />
            </Suspense>
          ) : null}
        </CardContent>
      </Card>
      <ServerVolumesSection serverId={server.id} canAct={!disabled} />
    </Box>
  );
}

function Overview({ server }: { server: Server }) {
  const translate = useTranslate();
  const field = (key: string) => translate(`resources.cloud-server.fields.${key}`);
  const statusLabel = useServerStatusLabel(server);
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      <Item label={field('status')}>
        {statusLabel}
        {showsProgress(server) ? ` (${server.progress}%)` : ''}
      </Item>
      <Item label={field('ipv4')}>{server.ipv4.join(', ') || '—'}</Item>
      <Item label={field('ipv6')}>{server.ipv6.join(', ') || '—'}</Item>
      <Item label={field('plan')}>{configText(server, translate)}</Item>
      <Item label={field('os')}>{server.image.name}</Item>
      <Item label={field('datacenter')}>
        <DatacenterName code={server.datacenter} />
      </Item>
      <Item label={field('key_name')}>
        {(server.key_names?.length ? server.key_names.join(', ') : server.key_name) ??
          translate('servers.detail.no_key')}
      </Item>
      <Item label={field('price')}>
        {translate('servers.detail.plan_price', {
          amount: formatVnd(server.plan.price),
          months: translate('plans.months', { smart_count: server.plan.interval_count }),
        })}
      </Item>
      <Item label={field('expiry')}>
        {server.expiry ? sayPaidThrough(translate, server.expiry) : '—'}
      </Item>
      <Item label={field('created')}>{formatDate(server.created)}</Item>
    </Grid>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/**
 * Says the server's new status to screen-reader users when it changes (built, powered off…): a
 * polite live region holding the status words only, not the changing percentage.
 */
function StatusAnnouncement({ server }: { server: Server }) {
  const translate = useTranslate();
  const status = useServerStatusLabel(server);
  return (
    <Box role="status" sx={VISUALLY_HIDDEN}>
      {translate('servers.status_now', { name: server.name, status })}
    </Box>
  );
}

/** Why the server is in error, as the provider tells it. */
function ServerErrorNotice({ server }: { server: Server }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const progress = useQuery({
    queryKey: QUERY_KEYS.serverProgress(server.id),
    queryFn: () => dataProvider.getServerProgress(server.id),
  });
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {progress.data?.message || translate('servers.detail.error_status')}
    </Alert>
  );
}

/** The servers card (by status) and the counts of volumes, snapshots, keys and open tickets. */
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import type { ServerStatus } from '../../dataProvider/dataProvider';
import { CardLink, DashboardCard, EmptyState } from './DashboardCard';
import type { DashboardSummary, SummaryQuery } from './useDashboardSummary';

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

export function ServersCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.servers.title')}
      summary={summary}
      footer={(data) =>
        data.servers.total > 0 ? (
          <CardLink to="/cloud-server">{translate('dashboard.servers.view_all')}</CardLink>
        ) : null
      }
    >
      {({ servers }) =>
        servers.total === 0 ? (
          <EmptyState
            text={translate('dashboard.servers.empty')}
            action={translate('dashboard.servers.create')}
            to="/cloud-server/create"
          />
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="h5" component="p" data-testid="dashboard-servers">
              {translate('dashboard.servers.total', { smart_count: servers.total })}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(Object.entries(servers.by_status) as [ServerStatus, number][])
                .filter(([, count]) => count > 0)
                .map(([status, count]) => (
                  <Chip
                    key={status}
                    size="small"
                    color={STATUS_COLORS[status]}
                    label={translate('dashboard.servers.status_count', {
                      status: translate(`servers.status.${status}`),
                      count,
                    })}
                  />
                ))}
            </Stack>
          </Stack>
        )
      }
    </DashboardCard>
  );
}

type CountName = 'volumes' | 'snapshots' | 'ssh_keys' | 'open_tickets';

const COUNT_PATHS: Record<CountName, { list: string; create: string }> = {
  volumes: { list: '/volume', create: '/volume/create' },
  snapshots: { list: '/snapshot', create: '/snapshot/create' },
  ssh_keys: { list: '/ssh-keys', create: '/ssh-keys/create' },
  open_tickets: {
    list: `/ticket?${new URLSearchParams({ filter: JSON.stringify({ status: 'open' }) }).toString()}`,
    create: '/ticket/create',
  },
};

const countOf = (data: DashboardSummary, name: CountName) =>
  name === 'volumes' ? data.volumes.total : data[name];

export function ResourcesCard({ summary }: { summary: SummaryQuery }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      title={translate('dashboard.resources.title')}
      summary={summary}
      skeletonLines={4}
    >
      {(data) => (
        <Grid container spacing={2}>
          {(Object.keys(COUNT_PATHS) as CountName[]).map((name) => (
            <Grid key={name} size={{ xs: 6 }}>
              <CountTile name={name} count={countOf(data, name)} data={data} />
            </Grid>
          ))}
        </Grid>
      )}
    </DashboardCard>
  );
}

function CountTile({
  name,
  count,
  data,
}: {
  name: CountName;
  count: number;
  data: DashboardSummary;
}) {
  const translate = useTranslate();
  const label = translate(`dashboard.resources.${name}`);
  return (
    <Box data-testid={`dashboard-count-${name}`}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {count > 0 ? (
        <MuiLink
          component={Link}
          to={COUNT_PATHS[name].list}
          variant="h5"
          aria-label={translate('dashboard.resources.open_list', { label, count })}
        >
          {count}
        </MuiLink>
      ) : (
        <>
          <Typography variant="h5" component="p">
            0
          </Typography>
          <MuiLink component={Link} to={COUNT_PATHS[name].create} variant="body2">
            {translate(`dashboard.resources.create.${name}`)}
          </MuiLink>
        </>
      )}
      {name === 'volumes' && data.volumes.in_use > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('dashboard.resources.volumes_in_use', { count: data.volumes.in_use })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * /volume/{id}/detail: one volume, its status, the server it is attached to (a link), its size,
 * type, datacenter, price and dates, and what can be done to it (VolumeActions). It polls fast
 * while the volume changes, slowly otherwise, not while the tab is hidden. When the account may
 * not act (spec §5) the reasons show above and every action is disabled.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';

import { errorStatus } from '../../api/client';
import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { DatacenterName } from '../../components/DatacenterName';
import { AskSupportLink } from '../../components/AskSupportLink';
import { LoadFailed } from '../../components/LoadFailed';
import { SuspendedNotice } from '../../components/SuspendedNotice';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPaidThrough } from '../../domain/periods';
import { VolumeActions } from './VolumeActions';
import { isVolumeInTransition, VOLUME_RESOURCE, type Volume } from './volumeModel';
import { VolumeStatusField } from './VolumeStatusField';

export default function VolumeDetailPage() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const volumeId = /^\d+$/.test(id) ? Number(id) : 0;
  const visible = useDocumentVisible();
  const query = useGetOne<Volume>(
    VOLUME_RESOURCE,
    { id: volumeId },
    {
      enabled: volumeId > 0,
      refetchInterval: ({ state }) =>
        pollInterval(isVolumeInTransition((state.data as Volume | undefined)?.status), visible),
    },
  );
  const { data: volume, error, isPending, refetch, isFetching } = query;
  usePageTitle(volume?.name ?? translate('volumes.detail.title'));

  if (isPending && volumeId > 0) {
    return <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />;
  }
  const notFound = volumeId === 0 || errorStatus(error) === 404;
  if (error && !notFound && !volume?.id) {
    return (
      <Box sx={{ mt: 2 }}>
        <LoadFailed error={error} onRetry={() => refetch()} retrying={isFetching} />
      </Box>
    );
  }
  if (notFound || !volume?.id) {
    return (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" component={Link} to="/volume">
            {translate('volumes.list.title')}
          </Button>
        }
      >
        {translate(notFound ? 'volumes.detail.not_found' : 'app.error.generic')}
      </Alert>
    );
  }
  return (
    <>
      {/* The volume could not be read again: its actions wait until it is known. */}
      {error ? (
        <Box sx={{ mt: 2 }}>
          <LoadFailed error={error} onRetry={() => refetch()} retrying={isFetching} />
        </Box>
      ) : null}
      <VolumeDetail volume={volume} stateUnknown={Boolean(error)} />
    </>
  );
}

function VolumeDetail({ volume, stateUnknown }: { volume: Volume; stateUnknown: boolean }) {
  const translate = useTranslate();
  const permission = useActionPermission();
  const field = (key: string) => translate(`resources.volume.fields.${key}`);
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={volume.name} />
      <ActionBlockedAlert permission={permission} />
      {/* On a card: the page's own background leaves too little contrast for outlined buttons. */}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
                {volume.name}
              </Typography>
              <VolumeStatusField volume={volume} />
            </Stack>
            <VolumeActions volume={volume} disabled={!permission.allowed || stateUnknown} />
            <Box>
              <AskSupportLink
                subject={translate('tickets.subject.volume', { name: volume.name })}
              />
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {isVolumeInTransition(volume.status) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('volumes.detail.wait')}
        </Alert>
      ) : null}
      {volume.status === 'suspended' ? (
        <Box sx={{ mb: 2 }}>
          <SuspendedNotice resource="volumes" />
        </Box>
      ) : null}
      <Card variant="outlined">
        <CardContent>
          <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
            <Item label={field('status')}>{translate(`volumes.status.${volume.status}`)}</Item>
            <Item label={field('server')}>
              {volume.server_id !== null ? (
                <MuiLink component={Link} to={`/cloud-server/${volume.server_id}/detail`}>
                  {volume.server_name ?? `#${volume.server_id}`}
                </MuiLink>
              ) : (
                translate('volumes.detail.no_server')
              )}
            </Item>
            <Item label={field('size')}>{translate('volumes.size_gb', { size: volume.size })}</Item>
            <Item label={field('type')}>{volume.type}</Item>
            <Item label={field('datacenter')}>
              <DatacenterName code={volume.datacenter} />
            </Item>
            <Item label={field('price')}>{formatVnd(volume.price)}</Item>
            <Item label={field('created')}>{formatDate(volume.created)}</Item>
            <Item label={field('expiry')}>
              {volume.expiry ? sayPaidThrough(translate, volume.expiry) : '—'}
            </Item>
          </Grid>
        </CardContent>
      </Card>
    </Box>
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

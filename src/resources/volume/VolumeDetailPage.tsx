/**
 * /volume/{id}/detail: one volume, its status, the server it is attached to (a link), its size,
 * type, datacenter, price and dates, and what can be done to it (VolumeActions). It polls fast
 * while the volume changes, slowly otherwise, not while the tab is hidden. When the account may
 * not act (spec §5) the reasons show above and every action is disabled.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { ActionBlockedAlert } from '../../components/ActionBlockedAlert';
import { DatacenterName } from '../../components/DatacenterName';
import { AskSupportLink } from '../../components/AskSupportLink';
import { RecordPage, useRecordOfPage } from '../../components/RecordPage';
import { SuspendedNotice } from '../../components/SuspendedNotice';
import { useActionPermission } from '../../components/useActionPermission';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPaidThrough } from '../../domain/periods';
import { VolumeActions } from './VolumeActions';
import { isVolumeInTransition, VOLUME_RESOURCE, type Volume } from './volumeModel';
import { VolumeStatusField } from './VolumeStatusField';

export default function VolumeDetailPage() {
  const translate = useTranslate();
  const query = useRecordOfPage<Volume>(VOLUME_RESOURCE, (volume) =>
    isVolumeInTransition(volume?.status),
  );
  usePageTitle(query.data?.name ?? translate('volumes.detail.title'));
  return (
    <RecordPage
      query={query}
      notFoundKey="volumes.detail.not_found"
      back={{ to: '/volume', labelKey: 'volumes.list.title' }}
    >
      {(volume, stale) => <VolumeDetail volume={volume} stateUnknown={stale} />}
    </RecordPage>
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

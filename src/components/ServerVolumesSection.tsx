/**
 * On a server's page: the volumes attached to it (each a link to its own page) and the ways to
 * attach one: a new volume created attached to the server, or an existing detached one from the
 * volume list. Shared UI because the server page (cloud-server) shows what the volume resource
 * owns, and resources never import each other.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import type { Volume } from '../dataProvider/dataProvider';
import { LoadFailed } from './LoadFailed';

/** The volume list filtered to detached volumes, as react-admin reads a list's filter. */
const AVAILABLE_VOLUMES = `/volume?${new URLSearchParams({
  filter: JSON.stringify({ status: 'available' }),
}).toString()}`;

export function ServerVolumesSection({ serverId, canAct }: { serverId: number; canAct: boolean }) {
  const translate = useTranslate();
  const headingId = useId();
  const volumes = useGetList<Volume>('volume', {
    filter: { server_id: serverId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: '', order: 'DESC' },
  });

  let body;
  if (volumes.isPending) {
    body = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else if (volumes.isError) {
    body = (
      <LoadFailed
        error={volumes.error}
        onRetry={() => volumes.refetch()}
        retrying={volumes.isFetching}
      />
    );
  } else if (!volumes.data?.length) {
    body = (
      <Typography color="text.secondary">{translate('volumes.server_section.empty')}</Typography>
    );
  } else {
    body = (
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {volumes.data.map((volume) => (
          <li key={volume.id}>
            <MuiLink component={Link} to={`/volume/${volume.id}/detail`} sx={{ fontWeight: 600 }}>
              {volume.name}
            </MuiLink>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {`${translate('volumes.size_gb', { size: volume.size })} ${volume.type} · ${translate(
                `volumes.status.${volume.status}`,
              )}`}
            </Typography>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {translate('volumes.server_section.title')}
        </Typography>
        {body}
        {canAct ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button
              component={Link}
              to={`/volume/create?server_id=${serverId}`}
              variant="outlined"
              startIcon={<AddIcon />}
            >
              {translate('volumes.server_section.create_attached')}
            </Button>
            <Button component={Link} to={AVAILABLE_VOLUMES}>
              {translate('volumes.server_section.attach_existing')}
            </Button>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

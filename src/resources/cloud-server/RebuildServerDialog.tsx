/**
 * Reinstall the server from an OS image, with a new root password. It
 * destroys the root disk and its snapshots, so the customer types the server's name to confirm.
 */
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { ConfirmByNameDialog } from '../../components/ConfirmByNameDialog';
import type { PortalDataProvider, Server } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { validateServerPassword } from '../../domain/serverRules';
import { CATALOG_STALE_MS } from './serverConstants';
import { ServerPasswordField } from './ServerPasswordField';
import { useServerAction } from './useServerAction';
import { WaitNotice } from './WaitNotice';

export function RebuildServerDialog({ server, onClose }: { server: Server; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [imageId, setImageId] = useState<number | ''>(server.image.id);
  const [password, setPassword] = useState('');
  const images = useQuery({
    queryKey: QUERY_KEYS.images,
    queryFn: () => dataProvider.listImages(),
    staleTime: CATALOG_STALE_MS,
  });
  const rebuild = useServerAction({
    mutationFn: () =>
      dataProvider.rebuildServer(server.id, { image_id: Number(imageId), password }),
    successKey: 'servers.actions.rebuild_started',
    successArgs: { name: server.name },
    onSuccess: onClose,
    onResultUnknown: onClose,
  });

  const passwordError = validateServerPassword(password);
  const image = images.data?.find((candidate) => candidate.id === imageId);
  const ready = image !== undefined && image.min_disk <= server.disk && !passwordError;

  return (
    <ConfirmByNameDialog
      open
      title={translate('servers.actions.rebuild_title', { name: server.name })}
      name={server.name}
      prompt={translate('servers.confirm.type_name', { name: server.name })}
      confirmLabel={translate('servers.actions.rebuild')}
      ready={ready}
      busy={rebuild.isPending}
      onClose={onClose}
      onConfirm={() => rebuild.mutate()}
    >
      <Alert severity="warning">{translate('servers.actions.rebuild_warning')}</Alert>
      <WaitNotice />
      <TextField
        select
        label={translate('resources.cloud-server.fields.os')}
        value={images.data ? imageId : ''}
        onChange={(event) => setImageId(Number(event.target.value))}
        disabled={!images.data}
        fullWidth
      >
        {(images.data ?? []).map((candidate) => (
          <MenuItem
            key={candidate.id}
            value={candidate.id}
            disabled={candidate.min_disk > server.disk}
          >
            {candidate.min_disk > server.disk
              ? translate('servers.actions.image_too_big', {
                  name: candidate.name,
                  size: candidate.min_disk,
                })
              : candidate.name}
          </MenuItem>
        ))}
      </TextField>
      <ServerPasswordField value={password} onChange={setPassword} />
    </ConfirmByNameDialog>
  );
}

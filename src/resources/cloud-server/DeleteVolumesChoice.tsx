/**
 * "Also delete the attached data volumes", when deleting one server or several: offered only if
 * volumes are attached to them, and naming those volumes. While the account's volumes load, or
 * if they cannot, the choice stays: the sandbox knows what is attached.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useGetList, useTranslate } from 'react-admin';

import type { Volume } from '../../dataProvider/dataProvider';

/** Volumes read at once; an account with more keeps the choice without names. */
const VOLUMES_READ = 100;

export function DeleteVolumesChoice({
  serverIds,
  checked,
  onChange,
  disabled,
}: {
  serverIds: readonly number[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const volumes = useGetList<Volume>('volume', {
    pagination: { page: 1, perPage: VOLUMES_READ },
    sort: { field: '', order: 'DESC' },
  });
  const allRead = volumes.total !== undefined && volumes.total <= VOLUMES_READ;
  const attached = allRead
    ? volumes.data?.filter(
        (volume) => volume.server_id !== null && serverIds.includes(volume.server_id),
      )
    : undefined;
  if (attached?.length === 0) return null;
  const names = attached?.map((volume) => volume.name).join(', ');
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
        />
      }
      label={`${translate('servers.actions.delete_volumes')}${names ? `: ${names}` : ''}`}
    />
  );
}

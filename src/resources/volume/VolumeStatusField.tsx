/** A volume's status as a coloured chip; reads the volume from the record context or a prop. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

import type { Volume, VolumeStatus } from './volumeModel';

const STATUS_COLORS: Record<VolumeStatus, ChipProps['color']> = {
  creating: 'info',
  available: 'default',
  in_use: 'success',
  attaching: 'info',
  detaching: 'info',
  extending: 'info',
  restoring: 'info',
  deleting: 'warning',
  error: 'error',
  suspended: 'error',
};

export function VolumeStatusField({ volume }: { volume?: Volume }) {
  const translate = useTranslate();
  const record = useRecordContext<Volume>();
  const shown = volume ?? record;
  if (!shown) return null;
  return (
    <Chip
      size="small"
      label={translate(`volumes.status.${shown.status}`)}
      color={STATUS_COLORS[shown.status] ?? 'default'}
    />
  );
}

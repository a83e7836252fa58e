/** The snapshot resource: the list (with restore and delete) and the create form, icon and name. */
import PhotoCameraBackIcon from '@mui/icons-material/PhotoCameraBack';
import { lazy } from 'react';

export const snapshot = {
  name: 'snapshot',
  list: lazy(() => import('./SnapshotList')),
  create: lazy(() => import('./SnapshotCreatePage')),
  icon: PhotoCameraBackIcon,
  recordRepresentation: 'name',
};

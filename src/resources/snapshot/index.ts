/** Snapshots: the list (with restore and delete) and the create form. */
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';

export const snapshot: ResourceDeclaration = {
  name: 'snapshot',
  apiPath: '/storage/snapshots',
  labelKey: 'app.section.snapshot',
  recordRepresentation: 'name',
  list: lazy(() => import('./SnapshotList')),
  create: lazy(() => import('./SnapshotCreatePage')),
  menu: { labelKey: 'app.section.snapshot', icon: PhotoCameraIcon, group: 'main', order: 50 },
};

/** The volume resource: list, create form, the detail route, icon and name. */
import StorageIcon from '@mui/icons-material/Storage';
import { lazy } from 'react';

import { volumeRoutes } from './volumeRoutes';

export const volume = {
  name: 'volume',
  list: lazy(() => import('./VolumeList')),
  create: lazy(() => import('./VolumeCreatePage')),
  icon: StorageIcon,
  recordRepresentation: 'name',
  children: volumeRoutes,
};

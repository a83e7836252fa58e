/** Volumes: the list, the create form and a volume's page. */
import StorageIcon from '@mui/icons-material/Storage';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';
import { VOLUME_RESOURCE } from './volumeModel';

export const volume: ResourceDeclaration = {
  name: VOLUME_RESOURCE,
  apiPath: '/storage/volumes',
  labelKey: 'app.section.volume',
  recordRepresentation: 'name',
  list: lazy(() => import('./VolumeList')),
  create: lazy(() => import('./VolumeCreatePage')),
  detail: lazy(() => import('./VolumeDetailPage')),
  menu: { labelKey: 'app.section.volume', icon: StorageIcon, group: 'main', order: 40 },
  createMenuKey: 'shell.header.create_volume',
};

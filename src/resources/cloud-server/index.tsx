/** The cloud-server resource: list, create form, the plans and detail routes, icon and name. */
import DnsIcon from '@mui/icons-material/Dns';
import { lazy } from 'react';

import { serverRoutes } from './serverRoutes';

export const cloudServer = {
  name: 'cloud-server',
  list: lazy(() => import('./ServerList')),
  create: lazy(() => import('./ServerCreatePage')),
  icon: DnsIcon,
  recordRepresentation: 'name',
  children: serverRoutes,
};

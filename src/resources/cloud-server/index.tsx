/** Cloud servers: the list, the create form, a server's page, and the plans with their own entry. */
import DnsIcon from '@mui/icons-material/Dns';
import SellIcon from '@mui/icons-material/Sell';
import { lazy } from 'react';

import { CREATE_CRUMB, type ResourceDeclaration } from '../../components/portalRoutes';
import { CONSOLE_PAGE_PATH } from './console/consoleRoute';

const PlansPage = lazy(() => import('./PlansPage'));
const ServerCreatePage = lazy(() => import('./ServerCreatePage'));
const ServerConsolePage = lazy(() => import('./console/ServerConsolePage'));

const PLANS_CRUMB = { key: 'app.section.plans' };

export const cloudServer: ResourceDeclaration = {
  name: 'cloud-server',
  apiPath: '/cloud/servers',
  labelKey: 'app.section.cloud-server',
  recordRepresentation: 'name',
  list: lazy(() => import('./ServerList')),
  create: ServerCreatePage,
  detail: lazy(() => import('./ServerDetailPage')),
  pages: [
    {
      path: 'plans',
      element: <PlansPage />,
      crumbs: [PLANS_CRUMB],
      menu: {
        id: 'plans',
        labelKey: 'app.section.plans',
        icon: SellIcon,
        group: 'main',
        order: 20,
        alsoOwns: ['/cloud-server/plan'],
      },
    },
    {
      // The web console (issue 19), full width under the portal's header.
      path: CONSOLE_PAGE_PATH,
      element: <ServerConsolePage />,
      ofRecord: true,
      crumbs: [{ key: 'servers.console.button' }],
    },
    {
      path: 'plan/:id',
      element: <ServerCreatePage />,
      crumbs: [{ ...PLANS_CRUMB, to: '/cloud-server/plans' }, CREATE_CRUMB],
    },
  ],
  menu: { labelKey: 'app.section.cloud-server', icon: DnsIcon, group: 'main', order: 30 },
  createMenuKey: 'shell.header.create_server',
};

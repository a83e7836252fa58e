/**
 * The agency's resources (spec §2 "Agency menu"), shown only to agency accounts: its customer
 * accounts at /agency (with /agency/create and the report) and their invoices at /agency/invoices.
 */
import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazy } from 'react';

import type { ResourceDeclaration } from '../../components/portalRoutes';

const AgencyPage = lazy(() => import('./AgencyPage'));

export const AGENCY_RESOURCES: ResourceDeclaration[] = [
  {
    name: 'agency-accounts',
    apiPath: '/agency/accounts',
    labelKey: 'app.section.agency',
    route: '/agency',
    list: <AgencyPage tab="accounts" />,
    create: <AgencyPage tab="create" />,
    pages: [
      {
        path: 'report',
        element: <AgencyPage tab="report" />,
        crumbs: [{ key: 'agency.tabs.report' }],
      },
      {
        path: 'activity',
        element: <AgencyPage tab="activity" />,
        crumbs: [{ key: 'agency.tabs.activity' }],
      },
    ],
    menu: {
      labelKey: 'app.section.agency',
      icon: HandshakeIcon,
      group: 'main',
      order: 80,
      access: 'agency',
    },
  },
  {
    name: 'agency-invoices',
    apiPath: '/agency/invoices',
    labelKey: 'agency.tabs.invoices',
    route: '/agency/invoices',
    list: <AgencyPage tab="invoices" />,
  },
];

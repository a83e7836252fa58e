/**
 * /agency: the agency area (spec §2 "Agency menu"), one route per section so a link or a reload
 * opens the same one: /agency (customer accounts), /agency/create (create an account),
 * /agency/invoices (the customers' invoices), /agency/report (the overview with its chart,
 * whose code, the chart library included, downloads only when it is opened) and /agency/activity
 * (the customers' activity logs).
 *
 * The route itself is guarded, not only the menu item: an account that is not an agency sees a
 * "not available to your account" page (the sandbox would answer 403 anyway).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ComponentType } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { MessageCard } from '../../components/MessageCard';
import { ScrollingTabs } from '../../components/ScrollingTabs';
import { usePageTitle } from '../../components/usePageTitle';
import { AgencyAccountList } from './AgencyAccountList';
import { AgencyCreateAccount } from './AgencyCreateAccount';
import { AgencyInvoiceList } from './AgencyInvoiceList';

export type AgencyTab = 'accounts' | 'create' | 'invoices' | 'report' | 'activity';

const TAB_PATHS: Record<AgencyTab, string> = {
  accounts: '/agency',
  create: '/agency/create',
  invoices: '/agency/invoices',
  report: '/agency/report',
  activity: '/agency/activity',
};

const AgencyReport = lazy(() => import('./AgencyReport'));
const AgencyActivity = lazy(() => import('./AgencyActivity'));

const TAB_CONTENT: Record<AgencyTab, ComponentType> = {
  accounts: AgencyAccountList,
  create: AgencyCreateAccount,
  invoices: AgencyInvoiceList,
  report: AgencyReport,
  activity: AgencyActivity,
};

export default function AgencyPage({ tab }: { tab: AgencyTab }) {
  const { canAccess, isPending } = useCanAccess({ resource: 'agency', action: 'list' });
  if (isPending) return <Waiting />;
  if (!canAccess) return <NotForThisAccount />;
  return <AgencyArea tab={tab} />;
}

function AgencyArea({ tab }: { tab: AgencyTab }) {
  const translate = useTranslate();
  const title = translate('agency.title');
  const tabTitle = translate(`agency.tabs.${tab}`);
  usePageTitle(`${tabTitle} – ${title}`);
  const Content = TAB_CONTENT[tab];

  return (
    // Inline-size containment: a wide table scrolls inside its card instead of widening the
    // layout past a phone's width.
    <Box sx={{ mt: 2, mb: 4, contain: 'inline-size' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <ScrollingTabs
        value={tab}
        aria-label={translate('agency.tabs.label')}
        // On paper, not the page's grey: the selected tab's blue keeps its 4.5:1 contrast.
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        {(Object.keys(TAB_PATHS) as AgencyTab[]).map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`agency.tabs.${name}`)}
            component={Link}
            to={TAB_PATHS[name]}
          />
        ))}
      </ScrollingTabs>
      <div role="tabpanel" aria-label={tabTitle}>
        <Suspense fallback={<Waiting />}>
          <Content />
        </Suspense>
      </div>
    </Box>
  );
}

/** What a customer who is not an agency sees at /agency/…: a 403 in words, and a way on. */
function NotForThisAccount() {
  const translate = useTranslate();
  return (
    <MessageCard title={translate('agency.forbidden.title')}>
      <Typography sx={{ mb: 2 }}>{translate('agency.forbidden.text')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={Link} to="/dashboard">
          {translate('app.action.go_dashboard')}
        </Button>
        <Button component={Link} to="/ticket">
          {translate('app.section.ticket')}
        </Button>
      </Box>
    </MessageCard>
  );
}

function Waiting() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

/**
 * /billing: the balance, the unpaid amount, a Top up button, a gift code field and five tabs, each
 * its own route so a link or a reload opens the same tab: /billing (invoices), /billing/history
 * (balance history), /billing/payments (credited top-ups), /billing/services (what the customer
 * pays for) and /billing/orders (orders awaiting payment). Each list keeps its filters and page in
 * the URL's query.
 */
import AddCardIcon from '@mui/icons-material/AddCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';

import { AskSupportLink } from '../../components/AskSupportLink';
import { ScrollingTabs } from '../../components/ScrollingTabs';
import { usePageTitle } from '../../components/usePageTitle';
import { formatVnd } from '../../domain/money';
import { usePortalIdentity } from '../../layout/usePortalIdentity';
import { PendingTopups } from '../topup/PendingTopups';
import { TopUpDialog } from '../topup/TopUpDialog';
import { BalanceHistoryList } from './BalanceHistoryList';
import { GiftCodeField } from './GiftCodeField';
import { forgetTopUpReturn } from '../../components/topUpPath';
import { InvoiceList } from './InvoiceList';
import { OrderList } from './OrderList';
import { PaymentList } from './PaymentList';
import { ServiceList } from './ServiceList';

export type BillingTab = 'invoices' | 'history' | 'payments' | 'services' | 'orders';

const TAB_PATHS: Record<BillingTab, string> = {
  invoices: '/billing',
  history: '/billing/history',
  payments: '/billing/payments',
  services: '/billing/services',
  orders: '/billing/orders',
};

const TAB_LISTS: Record<BillingTab, ComponentType> = {
  invoices: InvoiceList,
  history: BalanceHistoryList,
  payments: PaymentList,
  services: ServiceList,
  orders: OrderList,
};

/**
 * Opens the top-up dialog: `topup=1` in /billing's query, with `amount=N` to start from (the order
 * page and the trial dialog link here with the shortfall).
 */
const TOP_UP_PATH = '/billing?topup=1';

export default function BillingPage({ tab }: { tab: BillingTab }) {
  const translate = useTranslate();
  const title = translate('billing.title');
  usePageTitle(title);
  const TabList = TAB_LISTS[tab];

  return (
    // Inline-size containment: a wide table scrolls inside its card instead of widening the
    // layout past a phone's width.
    <Box sx={{ mt: 2, mb: 4, contain: 'inline-size' }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <BalanceSummary />
      <PendingTopups />
      <ScrollingTabs
        value={tab}
        aria-label={translate('billing.tabs.label')}
        // On paper, not the page's grey: the selected tab's blue keeps its 4.5:1 contrast.
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        {(Object.keys(TAB_PATHS) as BillingTab[]).map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`billing.tabs.${name}`)}
            component={Link}
            to={TAB_PATHS[name]}
          />
        ))}
      </ScrollingTabs>
      <div role="tabpanel" aria-label={translate(`billing.tabs.${tab}`)}>
        <TabList />
      </div>
      <TopUpFromQuery />
    </Box>
  );
}

/** The top-up dialog while the query asks for it; closing it takes the request out of the query. */
function TopUpFromQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get('topup') !== '1') return null;
  const amount = Number(searchParams.get('amount'));
  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('topup');
        next.delete('amount');
        return next;
      },
      { replace: true },
    );
  return (
    <TopUpDialog
      open
      initialAmount={Number.isFinite(amount) && amount > 0 ? amount : undefined}
      onClose={close}
    />
  );
}

/** The balance and the unpaid amount as the header knows them (refreshed after every payment). */
function BalanceSummary() {
  const translate = useTranslate();
  const { identity } = usePortalIdentity();
  return (
    <Card variant="outlined">
      <CardContent>
        {/* Labels never wrap inside a button ("NẠP / TIỀN"): the row wraps between items instead. */}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          useFlexGap
          sx={{
            alignItems: { xs: 'stretch', md: 'center' },
            flexWrap: 'wrap',
            '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
          }}
        >
          <Stack direction="row" spacing={4} sx={{ flexGrow: 1 }}>
            <Figure
              label={translate('billing.balance')}
              value={identity ? formatVnd(identity.balance) : '…'}
              testId="billing-balance"
            />
            <Figure
              label={translate('billing.unpaid')}
              value={identity ? formatVnd(identity.unpaid_amount) : '…'}
              testId="billing-unpaid"
            />
          </Stack>
          <Button
            variant="contained"
            component={Link}
            to={TOP_UP_PATH}
            // A top-up started here returns here: the way back to an order left earlier is dropped.
            onClick={forgetTopUpReturn}
            startIcon={<AddCardIcon />}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          >
            {translate('billing.top_up')}
          </Button>
          {/* Grows into the room the row leaves; below 240 px the row wraps instead. */}
          <Box sx={{ flex: { md: '1 1 240px' }, maxWidth: { md: 420 } }}>
            <GiftCodeField />
          </Box>
          <AskSupportLink
            subject={translate('tickets.subject.billing')}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Figure(props: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {props.label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        data-testid={props.testId}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {props.value}
      </Typography>
    </Box>
  );
}

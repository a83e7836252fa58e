/**
 * /cloud-server/plans: the server plans as cards (CPU, RAM, disk, the monthly price and the first
 * payment for the chosen interval, said as every price says it), each leading to the create form
 * prefilled with it. The first payment is priced as the form prices the same choice, so the card
 * and the checkout show the same amount. An image with a licence (Windows) changes the price: each
 * card also says what the plan costs with it, at the image's minimum disk, licence included.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import { IntervalToggle } from '../../components/IntervalToggle';
import { usePageTitle } from '../../components/usePageTitle';
import type { BillingPlan, Image, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatVnd } from '../../domain/money';
import type { IntervalCount, PricedProduct } from '../../domain/pricing';
import type { ServerChoice } from '../../domain/serverOrder';
import { rootDiskForImage, SERVER_DEFAULTS } from '../../domain/serverRules';
import { useServerProducts } from './PriceSummary';
import { priceChoiceNow } from './serverChoice';
import { CATALOG_STALE_MS } from './serverConstants';

export default function PlansPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [interval, setChosenInterval] = useState<IntervalCount>(SERVER_DEFAULTS.interval);
  const title = translate('plans.title');
  usePageTitle(title);
  const plans = useQuery({
    queryKey: QUERY_KEYS.serverPlans(interval),
    queryFn: () => dataProvider.listPlans({ product_category: 'server', interval_count: interval }),
    staleTime: CATALOG_STALE_MS,
    placeholderData: (previous) => previous,
  });
  const list = Array.isArray(plans.data) ? plans.data : [];
  const products = useServerProducts();
  // Without the images the cards still show the plain price; the licensed one waits for them.
  const images = useQuery({
    queryKey: QUERY_KEYS.images,
    queryFn: () => dataProvider.listImages(),
    staleTime: CATALOG_STALE_MS,
  });
  const licensed = (images.data ?? []).filter((image) => image.license_product_id !== null);

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={title} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <IntervalToggle
          value={interval}
          onChange={setChosenInterval}
          label={translate('plans.interval')}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('plans.intro')}
      </Typography>
      {plans.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {plans.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => plans.refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('plans.load_failed')}
        </Alert>
      ) : null}
      {plans.isSuccess && list.length === 0 ? (
        <Typography>{translate('plans.empty')}</Typography>
      ) : null}
      <Grid container spacing={2}>
        {list.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <PlanCard
              plan={plan}
              interval={interval}
              catalog={products.data}
              catalogFailed={products.isError}
              licensedImages={licensed}
            />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/cloud-server/create">
          {translate('plans.custom')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * What the create form would charge for this plan at this moment, with `image` as the form
 * applies it (its minimum disk, its licence) when given; null for other plans.
 */
function firstPayment(
  plan: BillingPlan,
  interval: IntervalCount,
  catalog: Map<string, PricedProduct>,
  image?: Image,
) {
  if (plan.cpu === null || plan.ram === null || plan.disk === null) return null;
  const choice: ServerChoice = {
    name: '',
    os: image?.name ?? '',
    datacenter: SERVER_DEFAULTS.datacenter,
    cpu: plan.cpu,
    ram: plan.ram,
    disk: image ? rootDiskForImage(plan.disk, image) : plan.disk,
    diskType: plan.disk_type ?? SERVER_DEFAULTS.diskType,
    dataDisks: [],
    extraIpv4: 0,
    ipv6: false,
    keyName: null,
    interval,
    licenseProductId: image?.license_product_id ?? null,
  };
  return priceChoiceNow(choice, catalog);
}

function PlanCard(props: {
  plan: BillingPlan;
  interval: IntervalCount;
  catalog: Map<string, PricedProduct> | undefined;
  catalogFailed: boolean;
  licensedImages: readonly Image[];
}) {
  const { plan, interval, catalog } = props;
  const translate = useTranslate();
  const headingId = `plan-${plan.id}`;
  const priced = catalog ? firstPayment(plan, interval, catalog) : null;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {plan.name}
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          <li>{translate('plans.cpu', { smart_count: plan.cpu ?? 0 })}</li>
          <li>{translate('plans.ram', { size: plan.ram ?? 0 })}</li>
          <li>
            {translate('plans.disk', { size: plan.disk ?? 0, type: plan.disk_type ?? 'SSD' })}
          </li>
        </Stack>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {translate('plans.per_month', { amount: formatVnd(plan.monthly_price) })}
        </Typography>
        {priced ? (
          <FirstPaymentNote
            sayRenewal={false}
            color="text.secondary"
            sx={{ mt: 1 }}
            payment={{
              amount: priced.quote.total,
              start: priced.quote.period_start,
              end: priced.quote.period_end,
              monthly: plan.monthly_price,
            }}
          />
        ) : props.catalogFailed ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('plans.first_payment_unavailable')}
          </Typography>
        ) : null}
        {priced && catalog
          ? props.licensedImages.map((image) => (
              <LicensedPrice
                key={image.id}
                plan={plan}
                interval={interval}
                catalog={catalog}
                image={image}
              />
            ))
          : null}
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          fullWidth
          component={Link}
          to={`/cloud-server/plan/${plan.id}?interval=${interval}`}
          aria-label={translate('plans.choose_named', { name: plan.name })}
        >
          {translate('plans.choose')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The plan with a licensed image: its monthly price and first payment, licence included. */
function LicensedPrice(props: {
  plan: BillingPlan;
  interval: IntervalCount;
  catalog: Map<string, PricedProduct>;
  image: Image;
}) {
  const { plan, interval, catalog, image } = props;
  const translate = useTranslate();
  const priced = firstPayment(plan, interval, catalog, image);
  const license = [...catalog.values()].find((product) => product.id === image.license_product_id);
  if (!priced || !license) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid={`licensed-price-${image.id}`}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate('plans.with_license', {
          image: image.name,
          size: rootDiskForImage(plan.disk ?? 0, image),
          license: formatVnd(license.price),
          amount: formatVnd(priced.monthly),
        })}
      </Typography>
      <FirstPaymentNote
        sayRenewal={false}
        color="text.secondary"
        data-testid={`licensed-first-payment-${image.id}`}
        payment={{
          amount: priced.quote.total,
          start: priced.quote.period_start,
          end: priced.quote.period_end,
          monthly: priced.monthly,
        }}
      />
    </Box>
  );
}

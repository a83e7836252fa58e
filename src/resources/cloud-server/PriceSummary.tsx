/**
 * What the server being chosen costs, recomputed locally on every change of the form: the lines
 * of the first payment (each prorated, its monthly price beside it), the VAT the total contains,
 * the total and the period it covers, said as every price says it (FirstPaymentNote). The prices
 * come from the API once; the arithmetic is the shared `quote()`, so the total is what the order
 * will charge.
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';

import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import type { Image, PortalDataProvider } from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';
import { formatVnd } from '../../domain/money';
import type { PricedProduct } from '../../domain/pricing';
import {
  choiceFromValues,
  priceChoiceNow,
  productsByCode,
  SERVER_PRODUCT_QUERIES,
  type PricedChoice,
  type ServerFormValues,
} from './serverChoice';
import { CATALOG_STALE_MS } from './serverConstants';

/** The products a server is priced from, by code; read once and shared by the plans and the form. */
export function useServerProducts() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: QUERY_KEYS.serverProducts,
    queryFn: async () =>
      productsByCode(
        (
          await Promise.all(SERVER_PRODUCT_QUERIES.map((query) => dataProvider.listProducts(query)))
        ).flat(),
      ),
    staleTime: CATALOG_STALE_MS,
  });
}

interface PriceSummaryProps {
  values: ServerFormValues;
  /** The images, for the chosen one's licence. */
  images: readonly Image[];
  catalog: Map<string, PricedProduct> | undefined;
  /** The prices could not be loaded. */
  failed: boolean;
  /** The prices are being read (again). */
  updating?: boolean;
}

export function PriceSummary({ values, images, catalog, failed, updating }: PriceSummaryProps) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {translate('servers.price.title')}
          </Typography>
          {/* Prices being read again: the total may change, so the order waits for it. */}
          {updating && catalog ? (
            <CircularProgress size={16} aria-label={translate('servers.price.updating')} />
          ) : null}
        </Stack>
        <SummaryBody values={values} images={images} catalog={catalog} failed={failed} />
      </CardContent>
    </Card>
  );
}

function SummaryBody({ values, images, catalog, failed }: PriceSummaryProps) {
  const translate = useTranslate();
  if (failed) return <Alert severity="warning">{translate('servers.price.unavailable')}</Alert>;
  if (!catalog) {
    return <CircularProgress size={24} aria-label={translate('servers.price.loading')} />;
  }
  const choice = choiceFromValues(values, images);
  const priced = choice ? priceChoiceNow(choice, catalog) : null;
  if (!choice) return <Typography>{translate('servers.price.incomplete')}</Typography>;
  if (!priced) return <Alert severity="warning">{translate('servers.price.unavailable')}</Alert>;

  const { quote, items, monthly } = priced;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {quote.lines.map((line, index) => (
        <Row
          key={index}
          label={itemLabel(items[index], values.os, translate)}
          detail={translate('first_payment.line_prorated', {
            monthly: formatVnd(line.unit_price * line.quantity),
          })}
          value={formatVnd(line.amount)}
        />
      ))}
      <Divider />
      <Row label={translate('servers.price.monthly')} value={formatVnd(monthly)} muted />
      <Row
        label={translate('servers.price.interval')}
        value={translate('plans.months', { smart_count: quote.interval_count })}
        muted
      />
      <Row label={translate('servers.price.vat')} value={formatVnd(quote.vat)} muted />
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>{translate('servers.price.total')}</Typography>
        <Typography variant="h6" component="p" data-testid="price-total" sx={{ fontWeight: 700 }}>
          {formatVnd(quote.total)}
        </Typography>
      </Stack>
      <FirstPaymentNote
        payment={{
          amount: quote.total,
          start: quote.period_start,
          end: quote.period_end,
          monthly,
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('servers.price.proration_note')}
      </Typography>
    </Stack>
  );
}

function Row(props: { label: ReactNode; detail?: string; value: string; muted?: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color={props.muted ? 'text.secondary' : undefined}>
        {props.label}
        {props.detail ? (
          <Typography component="span" variant="caption" color="text.secondary" display="block">
            {props.detail}
          </Typography>
        ) : null}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {props.value}
      </Typography>
    </Stack>
  );
}

function itemLabel(
  item: PricedChoice['items'][number] | undefined,
  image: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (!item) return '';
  if (item.license) return translate('servers.price.license', { image });
  switch (item.code) {
    case 'cpu':
      return translate('servers.price.cpu', { smart_count: item.units });
    case 'ram':
      return translate('servers.price.ram', { size: item.units });
    case 'volume_ssd':
    case 'volume_hdd':
      return translate(item.dataDisk ? 'servers.price.data_disk' : 'servers.price.disk', {
        type: item.code === 'volume_ssd' ? 'SSD' : 'HDD',
        size: item.units,
      });
    case 'wan_ipv4':
      return translate('servers.price.ipv4', { smart_count: item.units });
    case 'wan_ipv6':
      return translate('servers.price.ipv6', { smart_count: item.units });
    default:
      return item.code;
  }
}

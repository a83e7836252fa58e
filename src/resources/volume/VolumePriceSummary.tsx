/**
 * What the volume being chosen costs, worked out on every change of the form with the shared
 * `quote()` from the `DISK SSD` / `DISK HDD` products (spec §7: asked for by name): the prorated
 * line, the monthly price, the VAT the total contains and the total, said as every first payment
 * is said (FirstPaymentNote). It is what the create_volume order charges, to the dong.
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

import { serverNow } from '../../api/serverClock';
import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import type { PortalDataProvider } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import type { IntervalCount } from '../../domain/pricing';
import {
  validateVolumeSize,
  VOLUME_PRODUCT_NAMES,
  type VolumeDiskType,
} from '../../domain/volumeRules';
import { diskProducts, DISK_TYPES, newVolumeQuote, type DiskProducts } from './volumeModel';

/** Prices change rarely: read them again after 5 minutes. */
const PRICES_STALE_MS = 5 * 60 * 1000;

/** The two disk products, read by name as spec §7 writes it; shared by the form and the dialogs. */
export function useDiskProducts() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['billing', 'products', 'disks'],
    queryFn: async (): Promise<DiskProducts> =>
      diskProducts(
        (
          await Promise.all(
            DISK_TYPES.map((type) =>
              dataProvider.listProducts({ name: VOLUME_PRODUCT_NAMES[type] }),
            ),
          )
        ).flat(),
      ),
    staleTime: PRICES_STALE_MS,
  });
}

interface VolumePriceSummaryProps {
  size: unknown;
  type: VolumeDiskType;
  interval: IntervalCount;
  products: DiskProducts | undefined;
  failed: boolean;
  /** The prices are being read (again). */
  updating?: boolean;
}

export function VolumePriceSummary(props: VolumePriceSummaryProps) {
  // Read again (the first reading shows its own spinner in the body).
  const updating = props.updating && props.products !== undefined;
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {translate('volumes.price.title')}
          </Typography>
          {updating ? (
            <CircularProgress size={16} aria-label={translate('volumes.price.updating')} />
          ) : null}
        </Stack>
        <SummaryBody {...props} />
      </CardContent>
    </Card>
  );
}

function SummaryBody({ size, type, interval, products, failed }: VolumePriceSummaryProps) {
  const translate = useTranslate();
  if (failed) return <Alert severity="warning">{translate('volumes.price.unavailable')}</Alert>;
  if (!products) {
    return <CircularProgress size={24} aria-label={translate('volumes.price.loading')} />;
  }
  const gigabytes = typeof size === 'number' ? size : Number.NaN;
  if (validateVolumeSize(gigabytes)) {
    return <Typography>{translate('volumes.price.incomplete')}</Typography>;
  }
  const product = products[type];
  if (!product) return <Alert severity="warning">{translate('volumes.price.unavailable')}</Alert>;
  const priced = newVolumeQuote(product, gigabytes, interval, serverNow());
  const monthly = product.price * gigabytes;
  const [line] = priced.lines;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <Row
        label={translate('volumes.price.line', { size: gigabytes, type })}
        detail={translate('first_payment.line_prorated', { monthly: formatVnd(monthly) })}
        value={formatVnd(line?.amount ?? priced.total)}
      />
      <Divider />
      <Row label={translate('volumes.price.monthly')} value={formatVnd(monthly)} muted />
      <Row
        label={translate('volumes.price.interval')}
        value={translate('plans.months', { smart_count: interval })}
        muted
      />
      <Row label={translate('volumes.price.vat')} value={formatVnd(priced.vat)} muted />
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>{translate('volumes.price.total')}</Typography>
        <Typography variant="h6" component="p" data-testid="price-total" sx={{ fontWeight: 700 }}>
          {formatVnd(priced.total)}
        </Typography>
      </Stack>
      <FirstPaymentNote
        payment={{
          amount: priced.total,
          start: priced.period_start,
          end: priced.period_end,
          monthly,
        }}
      />
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

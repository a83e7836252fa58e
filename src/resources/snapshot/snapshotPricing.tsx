/**
 * What taking a snapshot, or restoring one into a new volume, costs: the gigabytes at the price of
 * the product the spec names (`SNAPSHOT SSD`/`SNAPSHOT HDD`, `DISK SSD`/`DISK HDD`), for the rest
 * of this month. The product is read by name as spec §7 writes it; the arithmetic is the shared
 * `quote()`, so the amount shown is what the sandbox's order and invoice charge, to the dong.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import { serverNow } from '../../api/serverClock';
import { AmountRow } from '../../components/AmountRow';
import { FirstPaymentNote } from '../../components/FirstPaymentNote';
import { rememberTopUpReturn, topUpPath } from '../../components/topUpPath';
import type { PortalDataProvider, ProductQuery } from '../../dataProvider/dataProvider';
import { formatVnd } from '../../domain/money';
import { quote, type Quote } from '../../domain/pricing';

type ProductName = Extract<ProductQuery, { name: unknown }>['name'];

/** Catalog prices change rarely: read once a few minutes. */
const PRODUCT_STALE_MS = 5 * 60 * 1000;

export function useProductPrice(name: ProductName | undefined) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['billing', 'products', 'name', name],
    queryFn: async () => {
      const products = await dataProvider.listProducts({ name: name as ProductName });
      const product = products.find((candidate) => candidate.name === name);
      if (!product) throw new Error(`No product named ${name}`);
      return product;
    },
    enabled: name !== undefined,
    staleTime: PRODUCT_STALE_MS,
  });
}

/** The first payment of `size` gigabytes of the product, from now to the end of this month. */
export function priceNow(
  product: { id: number; name: string; code: string; price: number },
  size: number,
): Quote {
  return quote([{ product, quantity: size }], 1, serverNow());
}

interface PriceCardProps {
  productName: ProductName | undefined;
  size: number | undefined;
  /** Said when there is nothing to price yet. */
  pendingKey: string;
  failedKey: string;
  /** The server refused the charge for a short balance (402). */
  shortOfBalance?: boolean;
}

/** The amount charged now, what it covers, and a way to top up when the balance is short. */
export function PriceCard({
  productName,
  size,
  pendingKey,
  failedKey,
  shortOfBalance,
}: PriceCardProps) {
  const translate = useTranslate();
  const location = useLocation();
  const { identity } = useGetIdentity();
  const product = useProductPrice(productName);
  if (productName === undefined || size === undefined) {
    return <Typography variant="body2">{translate(pendingKey)}</Typography>;
  }
  if (product.isError) return <Alert severity="warning">{translate(failedKey)}</Alert>;
  if (!product.data) {
    return <CircularProgress size={24} aria-label={translate('servers.price.loading')} />;
  }
  const priced = priceNow(product.data, size);
  const monthly = product.data.price * size;
  const balance = typeof identity?.balance === 'number' ? identity.balance : undefined;
  const shortfall = balance === undefined ? undefined : Math.max(0, priced.total - balance);
  const showTopUp = (shortfall !== undefined && shortfall > 0) || shortOfBalance;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {product.isFetching ? (
        <CircularProgress size={16} aria-label={translate('servers.price.updating')} />
      ) : null}
      <AmountRow
        label={translate('snapshots.create.price_line', {
          size,
          unit: formatVnd(product.data.price),
        })}
        value={formatVnd(monthly)}
        muted
      />
      <AmountRow
        label={translate('servers.price.total')}
        value={formatVnd(priced.total)}
        strong
        testId="snapshot-price-total"
      />
      <FirstPaymentNote
        payment={{
          amount: priced.total,
          start: priced.period_start,
          end: priced.period_end,
          monthly,
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('first_payment.charged_now')}
      </Typography>
      {showTopUp ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={topUpPath(shortfall || priced.total)}
              onClick={() => rememberTopUpReturn(location.pathname + location.search)}
            >
              {translate('orders.top_up')}
            </Button>
          }
        >
          {translate('orders.short_balance', { amount: formatVnd(shortfall || priced.total) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The services tab of /billing: what the customer pays for, one package per paid resource, with
 * its plan, period, next renewal and what its invoices charged this month (what was paid, a
 * discount code counted, or is owed); server-paged, with the resource type
 * and status filters in the URL. Above it, one line says whether renewals are paid from the
 * balance on their due date (the account's auto-pay setting), with a link to change it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, SelectInput, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

import { LoadFailed } from '../../components/LoadFailed';
import type {
  Package,
  PackageStatus,
  PortalDataProvider,
  ResourceType,
} from '../../dataProvider/dataProvider';
import { formatDate } from '../../domain/dates';
import { formatVnd } from '../../domain/money';
import { sayPeriod } from '../../domain/periods';
import { ACCOUNT_QUERY_KEYS } from '../account/accountQueries';
import { BillingTable } from './BillingTable';
import { HIDDEN_ON_PHONE } from '../../components/phoneLayout';

/** The react-admin resource of this list (its path is in the dataProvider's RESOURCE_PATHS). */
export const PACKAGES_RESOURCE = 'packages';

const PackageColumn = DataTable.Col<Package>;

const RESOURCE_TYPES: ResourceType[] = ['server', 'volume', 'snapshot', 'ip'];
const STATUSES: PackageStatus[] = ['active', 'trial', 'expired', 'cancelled'];

const STATUS_COLORS: Record<PackageStatus, ChipProps['color']> = {
  active: 'success',
  trial: 'info',
  expired: 'error',
  cancelled: 'default',
};

/** A cancelled package is not renewed; the others renew when their period ends. */
const renews = (service: Package) => service.status !== 'cancelled';

export function ServiceList() {
  const translate = useTranslate();
  const [viewing, setViewing] = useState<Package | null>(null);
  const filters = [
    <SelectInput
      key="resource_type"
      source="resource_type"
      label="billing.services.fields.resource_type"
      choices={RESOURCE_TYPES.map((type) => ({
        id: type,
        name: `billing.services.resource_type.${type}`,
      }))}
      alwaysOn
    />,
    <SelectInput
      key="status"
      source="status"
      label="billing.services.fields.status"
      choices={STATUSES.map((status) => ({
        id: status,
        name: `billing.services.status.${status}`,
      }))}
      alwaysOn
    />,
  ];

  return (
    <>
      <AutoPayLine />
      <BillingTable<Package>
        resource={PACKAGES_RESOURCE}
        filters={filters}
        emptyText={translate('billing.services.empty')}
      >
        <PackageColumn
          source="resource"
          label="billing.services.fields.resource"
          disableSort
          render={(service) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {service.resource}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate(`billing.services.resource_type.${service.resource_type}`)}
              </Typography>
            </>
          )}
        />
        <PackageColumn
          source="status"
          label="billing.services.fields.status"
          disableSort
          render={(service) => (
            <Chip
              size="small"
              color={STATUS_COLORS[service.status]}
              label={translate(`billing.services.status.${service.status}`)}
            />
          )}
        />
        <PackageColumn
          source="plan"
          className={HIDDEN_ON_PHONE}
          label="billing.services.fields.plan"
          disableSort
          render={(service) =>
            translate('billing.services.plan', {
              price: formatVnd(service.plan.price),
              months: service.plan.interval_count,
            })
          }
        />
        <PackageColumn
          source="start"
          className={HIDDEN_ON_PHONE}
          label="billing.services.fields.period"
          disableSort
          render={(service) => sayPeriod(translate, service.start, service.end)}
        />
        <PackageColumn
          source="end"
          className={HIDDEN_ON_PHONE}
          label="billing.services.fields.next_renewal"
          disableSort
          render={(service) => (renews(service) ? formatDate(service.end) : '—')}
        />
        <PackageColumn
          source="price"
          className={HIDDEN_ON_PHONE}
          label="billing.services.fields.charge_this_month"
          disableSort
          render={(service) =>
            // An extra address is charged on its server's invoices, so it counts there.
            service.resource_type === 'ip' && service.price.charge_this_month === 0
              ? translate('billing.lists.billed_with_server')
              : formatVnd(service.price.charge_this_month)
          }
        />
        <PackageColumn
          source="id"
          label="billing.services.fields.details"
          disableSort
          render={(service) => (
            <Button
              size="small"
              aria-label={translate('billing.services.details_label', { name: service.resource })}
              onClick={() => setViewing(service)}
            >
              {translate('billing.services.details')}
            </Button>
          )}
        />
      </BillingTable>
      {viewing ? <ServiceDialog listed={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

/** The account's auto-pay setting in one line, with the way to change it on /account. */
function AutoPayLine() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const profile = useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.profile,
    queryFn: () => dataProvider.getProfile(),
  });
  if (!profile.data) return null;
  return (
    <Typography variant="body2" sx={{ mt: 2 }} data-testid="auto-pay-setting">
      {translate(
        profile.data.auto_pay_renewals
          ? 'billing.services.auto_pay_on'
          : 'billing.services.auto_pay_off',
      )}{' '}
      <MuiLink component={Link} to="/account">
        {translate('billing.services.auto_pay_change')}
      </MuiLink>
    </Typography>
  );
}

/** One package as GET /billing/package/{id} answers it, with the products it bills. */
function ServiceDialog({ listed, onClose }: { listed: Package; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{listed.resource}</DialogTitle>
      <DialogContent>
        <ServiceDetails id={listed.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('billing.services.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ServiceDetails({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const service = useQuery({
    queryKey: [PACKAGES_RESOURCE, 'getPackage', id],
    queryFn: () => dataProvider.getPackage(id),
  });

  if (service.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (service.isError) {
    return (
      <LoadFailed
        error={service.error}
        onRetry={() => service.refetch()}
        retrying={service.isFetching}
      />
    );
  }
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2">
        {translate('billing.services.monthly_price', {
          price: formatVnd(service.data.price.monthly),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="ul" sx={{ m: 0, pl: 3 }}>
        {service.data.products.map((product) => (
          <li key={product.product_id}>
            {translate('billing.services.product', {
              name: product.name,
              quantity: product.quantity,
            })}
          </li>
        ))}
      </Typography>
    </Box>
  );
}

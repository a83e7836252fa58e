/** The current page's place in the portal, shown in the header. */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

import type { Invoice } from '../dataProvider/dataProvider';
import { QUERY_KEYS } from '../dataProvider/queryKeys';
import type { Crumb } from '../components/portalRoutes';
import { breadcrumbTrail } from '../portalResources';

export function Breadcrumb() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  const invoiceCode = useCachedInvoiceCode(trail.find((crumb) => crumb.invoiceId)?.invoiceId);
  const recordName = useCachedRecordName(trail.find((crumb) => crumb.record)?.record);
  if (trail.length === 0) return null;

  const label = (crumb: Crumb) => {
    if (crumb.invoiceId) {
      return translate(crumb.key, { code: invoiceCode ?? `#${crumb.invoiceId}` });
    }
    return (crumb.record && recordName) || translate(crumb.key);
  };

  return (
    <Breadcrumbs
      aria-label={translate('shell.breadcrumb.label')}
      separator="›"
      sx={{ color: 'inherit', '& .MuiBreadcrumbs-separator': { color: 'inherit' } }}
    >
      {trail.map((crumb, index) =>
        crumb.to ? (
          <MuiLink key={index} component={Link} to={crumb.to} color="inherit" underline="hover">
            {label(crumb)}
          </MuiLink>
        ) : (
          <Typography key={index} color="inherit" aria-current="page" sx={{ fontWeight: 600 }}>
            {label(crumb)}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}

/**
 * What the cache holds under `queryKey`, read without observing the query: an observer (even one
 * with `skipToken`) would hand the query its options, and a refetch after an invalidation would
 * then run the crumb's absent fetch instead of the page's and fail (issue 21's volume journey).
 */
function useCachedData<T>(queryKey: QueryKey | undefined): T | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => (queryKey ? queryClient.getQueryData<T>(queryKey) : undefined),
  );
}

/** The name of the record the page has read through react-admin's getOne (a server's name). */
function useCachedRecordName(record: Crumb['record']): string | undefined {
  const data = useCachedData<Record<string, unknown>>(
    record && [record.resource, 'getOne', { id: record.id }],
  );
  const name = record ? data?.[record.field] : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The code of the invoice the page has read (INV-…); the breadcrumb never fetches it itself. */
function useCachedInvoiceCode(id: string | undefined): string | undefined {
  return useCachedData<Invoice>(id ? QUERY_KEYS.invoice(id) : undefined)?.code;
}

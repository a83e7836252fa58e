/**
 * A datacenter by its name ("Hà Nội"), never its code ("HN") while the catalog loads: a
 * placeholder until the name is known; the code only if the catalog cannot be read or does not
 * know it.
 */
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';

import type { PortalDataProvider } from '../dataProvider/dataProvider';
import { QUERY_KEYS } from '../dataProvider/queryKeys';

/** Datacenters change rarely: read them again after 5 minutes, as the other catalogs. */
const DATACENTERS_STALE_MS = 5 * 60 * 1000;

export function DatacenterName({ code }: { code: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const datacenters = useQuery({
    queryKey: QUERY_KEYS.datacenters,
    queryFn: () => dataProvider.listDatacenters(),
    staleTime: DATACENTERS_STALE_MS,
  });
  if (datacenters.isPending) {
    return (
      <Skeleton
        width={80}
        role="img"
        aria-label={translate('ra.page.loading')}
        data-testid="datacenter-loading"
      />
    );
  }
  return <>{datacenters.data?.find((dc) => dc.code === code)?.name ?? code}</>;
}

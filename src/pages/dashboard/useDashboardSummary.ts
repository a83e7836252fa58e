import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import { pollInterval, useDocumentVisible } from '../../components/usePollInterval';
import type {
  DashboardSummary,
  PortalDataProvider,
  ServerStatus,
} from '../../dataProvider/dataProvider';
import { QUERY_KEYS } from '../../dataProvider/queryKeys';

/** Statuses that end on their own: while a server is in one, the summary is read again soon. */
const IN_TRANSITION: readonly ServerStatus[] = [
  'building',
  'rebooting',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
];

const inTransition = (data: DashboardSummary | undefined) =>
  IN_TRANSITION.some((status) => (data?.servers.by_status[status] ?? 0) > 0);

/**
 * The one call behind every card of the dashboard (our extension, GET /dashboard/summary), read
 * again on the portal's polling rhythm so a server that finishes building shows as running.
 */
export function useDashboardSummary() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const visible = useDocumentVisible();
  return useQuery({
    queryKey: QUERY_KEYS.dashboardSummary,
    queryFn: () => dataProvider.getDashboardSummary(),
    refetchInterval: (query) => pollInterval(inTransition(query.state.data), visible),
  });
}

export type SummaryQuery = ReturnType<typeof useDashboardSummary>;
export type { DashboardSummary };

/**
 * After a payment or a charge the balance has changed: ask the API who the user is again, with a
 * request of its own (one already on its way may predate the change), which stores the fresh
 * user_info the authProvider answers from, refresh react-admin's identity and
 * the dashboard's figures, which show the balance too, and the trial's step (a payment may have
 * paid the trial's bill, which ends the trial).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { fetchCurrentUser } from '../authProvider/sessionCheck';
import { QUERY_KEYS } from '../dataProvider/queryKeys';
import { TRIAL_OFFER_QUERY_KEY } from './trialStep';

const IDENTITY_QUERY_KEY = ['auth', 'getIdentity'];

export function useRefreshIdentity(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await fetchCurrentUser({ fresh: true }).catch(() => undefined);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: IDENTITY_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.dashboardSummary }),
      queryClient.invalidateQueries({ queryKey: TRIAL_OFFER_QUERY_KEY }),
    ]);
  }, [queryClient]);
}

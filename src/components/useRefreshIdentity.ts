/**
 * After a payment or a charge the balance has changed: ask the API who the user is again (which
 * stores the fresh user_info the authProvider answers from) and refresh react-admin's identity.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { fetchCurrentUser } from '../authProvider/sessionCheck';

const IDENTITY_QUERY_KEY = ['auth', 'getIdentity'];

export function useRefreshIdentity(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await fetchCurrentUser().catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: IDENTITY_QUERY_KEY });
  }, [queryClient]);
}

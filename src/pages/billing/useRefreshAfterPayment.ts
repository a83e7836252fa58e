/**
 * After money moves (an invoice paid, a gift code redeemed) the header's unpaid amount, the
 * balance, the overdue banner and the billing lists are read again, without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useRefreshIdentity } from '../../components/useRefreshIdentity';

/** The react-admin resources of the billing lists; their query keys start with these names. */
export const INVOICES_RESOURCE = 'invoices';
export const BALANCE_HISTORY_RESOURCE = 'balance-adjustments';

export function useRefreshAfterPayment(): () => Promise<void> {
  const queryClient = useQueryClient();
  const refreshIdentity = useRefreshIdentity();
  return useCallback(async () => {
    await Promise.all([
      refreshIdentity(),
      queryClient.invalidateQueries({ queryKey: [INVOICES_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: [BALANCE_HISTORY_RESOURCE] }),
    ]);
  }, [queryClient, refreshIdentity]);
}

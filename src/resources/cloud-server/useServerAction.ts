/**
 * A named dataProvider call that changes a server, through TanStack Query's useMutation: on
 * success a translated notification and a refresh of everything under the server (the list, the
 * server, its IPs and schedule); on failure the server's message (a 403 lists the reasons).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usePortalNotify } from '../../components/usePortalNotify';
import { useWatchServer } from './serverWatch';

interface ServerActionOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** Message key of the success notification. */
  successKey: string;
  successArgs?: Record<string, unknown>;
  /** Message key shown when the server gave no message. */
  failureKey?: string;
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

export const SERVER_QUERY_ROOT = ['cloud-server'];

export function useServerAction<Variables = void, Result = unknown>(
  options: ServerActionOptions<Variables, Result>,
) {
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const watchServer = useWatchServer();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result) => {
      watchServer?.();
      notify.success(options.successKey, options.successArgs);
      options.onSuccess?.(result);
      await queryClient.invalidateQueries({ queryKey: SERVER_QUERY_ROOT });
    },
    onError: (error) => {
      notify.error(error, options.failureKey);
      options.onError?.(error);
    },
  });
}

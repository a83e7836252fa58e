/**
 * A named dataProvider call that changes a server, through TanStack Query's useMutation: on
 * success a translated notification and a refresh of everything under the server (the list, the
 * server, its IPs and schedule); on failure the server's message (a 403 lists the reasons). When
 * the answer is lost the action may have happened: the customer is told the result is unknown,
 * and the mutation stays pending until the server has been read again (lostAnswer.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { untilTaskEnds } from '../../components/taskFollower';
import { usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import type { PortalDataProvider, ServerStatus } from '../../dataProvider/dataProvider';
import { useWatchServer, type ExpectedChange } from './serverWatch';

interface ServerActionOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** Message key of the success notification. */
  successKey: string;
  successArgs?: Record<string, unknown>;
  /** Message key shown when the server gave no message. */
  failureKey?: string;
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
  /** Called once the state has been read again after a lost answer (e.g. to close a dialog). */
  onResultUnknown?: () => void;
  /** A power change the server will report only later: shown at once on success. */
  expect?: ExpectedChange;
  /**
   * A task the server runs after accepting it (rebuild): `successKey` then says it has started,
   * and `doneKey` (or `failedKey` if the server ends in error) comes when the server has left
   * `busyWhile`, wherever the customer is by then.
   */
  untilDone?: { serverId: number; busyWhile: ServerStatus; doneKey: string; failedKey: string };
}

export const SERVER_QUERY_ROOT = ['cloud-server'];

export function useServerAction<Variables = void, Result = unknown>(
  options: ServerActionOptions<Variables, Result>,
) {
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const watchServer = useWatchServer();
  const refreshIdentity = useRefreshIdentity();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useMutation({
    mutationFn: (variables: Variables) =>
      recheckIfAnswerLost(
        () => options.mutationFn(variables),
        // Some actions charge the balance (IPs, resize): the identity is read again too.
        () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: SERVER_QUERY_ROOT }),
            refreshIdentity(),
          ]),
      ),
    onSuccess: async (result) => {
      watchServer?.(options.expect);
      const { untilDone } = options;
      if (!untilDone) notify.success(options.successKey, options.successArgs);
      else {
        notify.info(options.successKey, options.successArgs);
        // Not awaited: the dialog closes while the task runs.
        void untilTaskEnds(
          () => dataProvider.getServerProgress(untilDone.serverId),
          (progress) => progress.status === untilDone.busyWhile,
        ).then(async (progress) => {
          if (!progress) return;
          if (progress.status === 'error') notify.info(untilDone.failedKey, options.successArgs);
          else notify.success(untilDone.doneKey, options.successArgs);
          await queryClient.invalidateQueries({ queryKey: SERVER_QUERY_ROOT });
        });
      }
      options.onSuccess?.(result);
      // The unpaid amount may have moved too: releasing an address, rebuilding off a licence or
      // deleting re-prices or cancels the server's renewal.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SERVER_QUERY_ROOT }),
        refreshIdentity(),
      ]);
    },
    onError: (error) => {
      if (isLostAnswer(error)) {
        watchServer?.();
        notify.resultUnknown();
        options.onResultUnknown?.();
        return;
      }
      notify.error(error, options.failureKey);
      options.onError?.(error);
    },
  });
}

/**
 * A call that changes a volume: on success a translated notification (the spec's success toasts:
 * attach, detach, extend) and a refresh of the volumes and servers (a server page lists its
 * volumes) and of the balance; on failure the server's message (a 403 lists the reasons). A lost
 * answer may hide a change that went through: the customer is told the result is unknown and the
 * volume is read again before anything is offered again.
 *
 * Attach, detach and extend are accepted at once and done a little later (the volume says
 * "Đang mở rộng" meanwhile): with `untilDone`, the customer is told it has started, and the
 * success toast comes when the volume has finished, wherever the customer is by then.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import { untilTaskEnds } from '../../components/taskFollower';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import { isVolumeInTransition, VOLUME_RESOURCE, type Volume } from './volumeModel';

interface VolumeActionOptions<Result> {
  mutationFn: () => Promise<Result>;
  successKey: string;
  successArgs?: (result: Result) => Record<string, unknown>;
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
  /** Called once the volume has been read again after a lost answer. */
  onResultUnknown?: () => void;
  /** The volume the call starts a task on, and the message saying it has started. */
  untilDone?: { volumeId: number; startedKey: string };
}

export function useVolumeAction<Result>(options: VolumeActionOptions<Result>) {
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const refreshIdentity = useRefreshIdentity();
  const dataProvider = useDataProvider();
  /** The volume once its task has ended; undefined if it is gone or still busy after a while. */
  const settled = (id: number) =>
    untilTaskEnds(
      () => dataProvider.getOne<Volume>(VOLUME_RESOURCE, { id }).then(({ data }) => data),
      (volume) => isVolumeInTransition(volume.status),
    );
  const readAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [VOLUME_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: ['cloud-server'] }),
      refreshIdentity(),
    ]);
  return useMutation({
    mutationFn: () => recheckIfAnswerLost(options.mutationFn, readAgain),
    onSuccess: async (result) => {
      const args = options.successArgs?.(result);
      const { untilDone } = options;
      if (!untilDone) notify.success(options.successKey, args);
      else notify.info(untilDone.startedKey, args);
      options.onSuccess?.(result);
      // Not awaited: the call is over, and its dialog closes while the task runs.
      if (untilDone) {
        void settled(untilDone.volumeId).then(async (volume) => {
          if (!volume) return;
          notify.success(options.successKey, args);
          await readAgain();
        });
      }
      await readAgain();
    },
    onError: (error) => {
      if (isLostAnswer(error)) {
        notify.resultUnknown();
        options.onResultUnknown?.();
        return;
      }
      notify.error(error);
      options.onError?.(error);
    },
  });
}

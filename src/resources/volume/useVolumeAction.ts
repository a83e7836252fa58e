/**
 * A call that changes a volume: on success a translated notification (the spec's success toasts:
 * attach, detach, extend) and a refresh of the volumes and servers (a server page lists its
 * volumes) and of the balance; on failure the server's message (a 403 lists the reasons). A lost
 * answer may hide a change that went through: the customer is told the result is unknown and the
 * volume is read again before anything is offered again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { isLostAnswer, recheckIfAnswerLost } from '../../components/lostAnswer';
import { usePortalNotify } from '../../components/usePortalNotify';
import { useRefreshIdentity } from '../../components/useRefreshIdentity';
import { VOLUME_RESOURCE } from './volumeModel';

interface VolumeActionOptions<Result> {
  mutationFn: () => Promise<Result>;
  successKey: string;
  successArgs?: (result: Result) => Record<string, unknown>;
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
  /** Called once the volume has been read again after a lost answer. */
  onResultUnknown?: () => void;
}

export function useVolumeAction<Result>(options: VolumeActionOptions<Result>) {
  const queryClient = useQueryClient();
  const notify = usePortalNotify();
  const refreshIdentity = useRefreshIdentity();
  const readAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [VOLUME_RESOURCE] }),
      queryClient.invalidateQueries({ queryKey: ['cloud-server'] }),
      refreshIdentity(),
    ]);
  return useMutation({
    mutationFn: () => recheckIfAnswerLost(options.mutationFn, readAgain),
    onSuccess: async (result) => {
      notify.success(options.successKey, options.successArgs?.(result));
      options.onSuccess?.(result);
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

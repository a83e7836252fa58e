/**
 * Deletes one record after the customer types its name: react-admin's `useDelete` (pessimistic:
 * the list changes once the server has answered) behind the type-to-confirm dialog. Success and
 * failure are told in a toast; an answer lost on the way is said as such (the record may or may
 * not be gone) and the lists are read again either way, so they show what is really there.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDelete, useTranslate, type RaRecord } from 'react-admin';

import { ConfirmByNameDialog } from './ConfirmByNameDialog';
import { isLostAnswer } from './lostAnswer';
import { usePortalNotify } from './usePortalNotify';
import { useRefreshIdentity } from './useRefreshIdentity';

interface DeleteByNameDialogProps<T extends RaRecord & { name: string }> {
  resource: string;
  record: T;
  open: boolean;
  onClose: () => void;
  /** Message keys, each given the record's `name`. */
  messages: { title: string; prompt: string; confirm: string; done: string; failed?: string };
  /** Queries besides the resource's own that show the record (read again after the call). */
  alsoRefresh?: QueryKey[];
  /** What deleting means: warnings, what is not refunded. */
  children?: ReactNode;
}

export function DeleteByNameDialog<T extends RaRecord & { name: string }>({
  resource,
  record,
  open,
  onClose,
  messages,
  alsoRefresh = [],
  children,
}: DeleteByNameDialogProps<T>) {
  const translate = useTranslate();
  const notify = usePortalNotify();
  const queryClient = useQueryClient();
  const [remove, { isPending }] = useDelete<T>();
  const name = { name: record.name };
  const refreshIdentity = useRefreshIdentity();
  // A delete cancels the record's renewal, if it has one: the unpaid amount is read again too.
  const refresh = () =>
    Promise.all([
      ...[[resource], ...alsoRefresh].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
      refreshIdentity(),
    ]);

  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify.success(messages.done, name);
          onClose();
          void refresh();
        },
        onError: (error) => {
          if (isLostAnswer(error)) notify.resultUnknown();
          else notify.error(error, messages.failed);
          onClose();
          void refresh();
        },
      },
    );

  return (
    <ConfirmByNameDialog
      open={open}
      title={translate(messages.title, name)}
      name={record.name}
      prompt={translate(messages.prompt, name)}
      confirmLabel={translate(messages.confirm, name)}
      busy={isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      {children}
    </ConfirmByNameDialog>
  );
}

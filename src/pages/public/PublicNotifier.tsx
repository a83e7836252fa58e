/** Toasts for the public pages, which run without react-admin's notification system. */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

import { NOTIFICATION_MS } from '../../domain/constants';

export type NoticeType = 'success' | 'error' | 'warning' | 'info';
type Notify = (message: string, type?: NoticeType) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/** `closeLabel`: the close button's name, translated by the caller (Root holds the i18n). */
export function PublicNotifier({
  children,
  closeLabel,
}: {
  children: ReactNode;
  closeLabel: string;
}) {
  const [notice, setNotice] = useState<{ message: string; type: NoticeType; id: number } | null>(
    null,
  );
  const notify = useCallback<Notify>((message, type = 'info') => {
    setNotice((previous) => ({ message, type, id: (previous?.id ?? 0) + 1 }));
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {notice ? (
        <div
          className={`pub-notice pub-toast pub-notice-${notice.type}`}
          role={notice.type === 'error' ? 'alert' : 'status'}
        >
          <span>{notice.message}</span>
          <button type="button" aria-label={closeLabel} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      ) : null}
    </NotifyContext.Provider>
  );
}

export function usePublicNotify(): Notify {
  return useContext(NotifyContext);
}

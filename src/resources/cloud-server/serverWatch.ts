/**
 * The detail page's "something was just asked of this server" signal: an action that succeeded
 * calls `watch()`, and the page polls fast for a while even before the status changes.
 *
 * Powering on or off keeps the status at rest ("active") until the server is off, a few seconds
 * later: the action says which transition it started, and until the server reports a new status
 * the page shows that transition ("Đang tắt") and holds back the other actions.
 */
import { createContext, useContext } from 'react';

import type { ServerStatus } from '../../dataProvider/dataProvider';

export type PowerTransition = 'powering_on' | 'powering_off';

export interface ExpectedChange {
  transition: PowerTransition;
  /** The status the server had when the action was asked; any other status ends the transition. */
  from: ServerStatus;
}

export interface ServerWatch {
  watch: (expected?: ExpectedChange) => void;
  /** The transition asked for that the server has not reported yet. */
  transition?: PowerTransition;
}

export const ServerWatchContext = createContext<ServerWatch | undefined>(undefined);

export function useWatchServer(): ServerWatch['watch'] | undefined {
  return useContext(ServerWatchContext)?.watch;
}

export function usePendingTransition(): PowerTransition | undefined {
  return useContext(ServerWatchContext)?.transition;
}

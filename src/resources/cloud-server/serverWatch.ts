/**
 * The detail page's "something was just asked of this server" signal: an action that succeeded
 * calls `watch()`, and the page polls fast for a while even before the status changes.
 */
import { createContext, useContext } from 'react';

export const ServerWatchContext = createContext<(() => void) | undefined>(undefined);

export function useWatchServer(): (() => void) | undefined {
  return useContext(ServerWatchContext);
}

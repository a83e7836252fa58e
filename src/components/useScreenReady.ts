/**
 * Tells the first-data picture (src/firstData) that the portal's screen now shows what the
 * customer came for — its data, its empty state or why it failed — so the picture gives way in
 * the same frame: a layout effect, before the browser paints.
 */
import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { SCREEN_READY_EVENT } from '../firstData/earlyCalls';

export function useScreenReady(ready = true): void {
  useLayoutEffect(() => {
    if (ready) window.dispatchEvent(new Event(SCREEN_READY_EVENT));
  }, [ready]);
}

/**
 * For the frame around every page: once the portal has moved to another page than the one it
 * opened on (a redirect, a link), the screen the picture showed is gone, so the picture goes too.
 */
export function useScreenReadyOnceMoved(): void {
  const { pathname } = useLocation();
  const [openedOn] = useState(pathname);
  useScreenReady(pathname !== openedOn);
}

/**
 * A large part of a screen mounted in a render React may slice, not in the one that revealed it.
 *
 * The portal's screens appear after answers: react-query hands each one over in a render that
 * runs to its end, so whatever that answer reveals (the frame once the session is known, a page
 * of rows) was built in one task — 200–300 ms on a slow phone, during which a tap waited (issue
 * 21, docs/performance.md). Here it is built in the next render instead, a deferred one that
 * React builds in slices of a few milliseconds, yielding to input in between; `fallback` stands
 * in for the frame or two until then.
 */
import { useDeferredValue, type ReactNode } from 'react';

export function MountWhenIdle({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : fallback;
}

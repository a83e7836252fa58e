/**
 * Spec §2/§9: the sidebar collapses when the window is 1024 px wide or less and reopens above
 * it. Only a change of side acts, so the collapse toggle keeps working in between.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useSidebarState } from 'react-admin';

import { SIDEBAR_COLLAPSE_MAX_WIDTH_PX } from '../domain/constants';

export const NARROW_WINDOW_QUERY = `(max-width:${SIDEBAR_COLLAPSE_MAX_WIDTH_PX}px)`;

export function useAutoCollapseSidebar(): void {
  const narrow = useMediaQuery(NARROW_WINDOW_QUERY, { noSsr: true });
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    setOpen(!narrow);
  }, [narrow, setOpen]);
}

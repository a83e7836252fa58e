/**
 * Spec §2/§9: the sidebar collapses when the window is 1024 px wide or less and reopens above
 * it. Only a change of side acts, so the collapse toggle keeps working in between.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useSidebarState, useStore } from 'react-admin';

import { SIDEBAR_COLLAPSE_MAX_WIDTH_PX } from '../domain/constants';

export const NARROW_WINDOW_QUERY = `(max-width:${SIDEBAR_COLLAPSE_MAX_WIDTH_PX}px)`;

/**
 * Answers whether the sidebar's open state already follows the window's side of 1024 px. It
 * does not in the one render where the window has just crossed it: the sidebar must then be
 * drawn closed. Narrowed from a desktop's width to a phone's, the phone's menu (a modal drawer)
 * would otherwise open for that render and close at once, which left MUI's modal behind: an
 * invisible layer over the page that swallowed every tap and hid the page from screen readers.
 */
export function useAutoCollapseSidebar(): boolean {
  const narrow = useMediaQuery(NARROW_WINDOW_QUERY, { noSsr: true });
  const [, setOpen] = useSidebarState();
  // Beside the open state in react-admin's store: the window side that state was last set for.
  const [followedSide, setFollowedSide] = useStore('sidebar.setForNarrowWindow', narrow);
  useEffect(() => {
    setOpen(!narrow);
    setFollowedSide(narrow);
  }, [narrow, setOpen, setFollowedSide]);
  return followedSide === narrow;
}

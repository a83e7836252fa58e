/**
 * A page's tab bar that scrolls sideways, with arrows, when its tabs do not fit (a phone). MUI
 * scrolls the selected tab into view when the bar mounts, for the bar's width at that moment:
 *   - on a phone the arrows are there from the first frame (hidden while there is nothing to
 *     scroll to): arrows appearing a moment later narrowed the bar after MUI's scroll, and a page
 *     opened at its third tab showed the first two;
 *   - when the bar's width changes later (the phone turns, a window is narrowed), the selected
 *     tab is brought back into view here, which MUI does not do.
 * From `sm` up, where the tabs fit, an idle arrow takes no room.
 */
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

const IDLE_ARROWS_TAKE_NO_ROOM_ABOVE_PHONE: SxProps<Theme> = (theme) => ({
  [theme.breakpoints.up('sm')]: { '& .MuiTabs-scrollButtons.Mui-disabled': { display: 'none' } },
});

export function ScrollingTabs({ sx, ...props }: TabsProps) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = bar.current?.querySelector<HTMLElement>('.MuiTabs-scroller');
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => bringSelectedTabIntoView(scroller));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);
  return (
    <Tabs
      ref={bar}
      variant="scrollable"
      scrollButtons
      allowScrollButtonsMobile
      sx={[IDLE_ARROWS_TAKE_NO_ROOM_ABOVE_PHONE, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}

function bringSelectedTabIntoView(scroller: HTMLElement) {
  const selected = scroller.querySelector('[role="tab"][aria-selected="true"]');
  if (!selected) return;
  const shown = scroller.getBoundingClientRect();
  const tab = selected.getBoundingClientRect();
  if (tab.left < shown.left) scroller.scrollLeft -= shown.left - tab.left;
  else if (tab.right > shown.right) scroller.scrollLeft += tab.right - shown.right;
}

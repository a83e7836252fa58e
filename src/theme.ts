import { defaultTheme, type RaThemeOptions } from 'react-admin';

const PRIMARY = '#1565c0';

/**
 * A keyboard user must see where the focus is, on every button, tab and menu item (WCAG 2.4.7).
 * MUI only darkens a focused button a little, invisible on a contained blue one: an outline in the
 * primary blue (5.7:1 on the white and grey backgrounds), set off from the button so it also shows
 * around a blue button. Tabs and menu items fill their container, so theirs is drawn inside.
 */
const FOCUS_RING = {
  '&:focus-visible, &.Mui-focusVisible': {
    outline: `3px solid ${PRIMARY}`,
    outlineOffset: '2px',
  },
} as const;
const INSET_FOCUS_RING = {
  '&:focus-visible, &.Mui-focusVisible': {
    outline: `3px solid ${PRIMARY}`,
    outlineOffset: '-3px',
  },
} as const;

/**
 * A customer who asked the system for less motion (`prefers-reduced-motion`, WCAG 2.3.3) gets
 * none: ripples, sliding drawers, fading dialogs and spinners end at once. MUI's own timing (a
 * dialog unmounts after its exit) is unchanged, only the frames in between go; a short duration
 * rather than none, so that transitionend and animationend still fire.
 */
const REDUCED_MOTION = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationDelay: '0s !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      transitionDelay: '0s !important',
      scrollBehavior: 'auto !important',
    },
  },
} as const;

/**
 * MUI's default blue, light-blue and orange are under WCAG AA's 4.5:1 with white text or on the
 * grey page background (a status chip "Đang khôi phục" measured 3.9:1); these darker shades of
 * the same hues reach at least 5:1 on both.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: PRIMARY },
    info: { main: '#01579b' },
    warning: { main: '#a84300' },
    error: { main: '#c62828' },
  },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: { styleOverrides: REDUCED_MOTION },
    // Spaced by gap, not by margins: a row that wraps on a phone starts its next line at the left
    // edge (with margins, each wrapped item kept its left margin and sat indented).
    MuiStack: { defaultProps: { useFlexGap: true } },
    MuiButtonBase: {
      ...defaultTheme.components?.MuiButtonBase,
      styleOverrides: { root: FOCUS_RING },
    },
    MuiButton: {
      ...defaultTheme.components?.MuiButton,
      styleOverrides: { root: FOCUS_RING },
    },
    MuiIconButton: {
      ...defaultTheme.components?.MuiIconButton,
      styleOverrides: { root: FOCUS_RING },
    },
    MuiTab: {
      ...defaultTheme.components?.MuiTab,
      styleOverrides: { root: INSET_FOCUS_RING },
    },
    MuiMenuItem: {
      ...defaultTheme.components?.MuiMenuItem,
      styleOverrides: { root: INSET_FOCUS_RING },
    },
  },
};

/**
 * Spec §9: the mobile breakpoint is 767 px. At that width and below the portal uses its phone
 * layout: lists keep their key columns only (the rest of a record is on its detail page or in a
 * wider window), sticky side panels sit in the page's flow.
 */
import './phoneLayout.css';

export const MOBILE_MAX_WIDTH_PX = 767;

/** For `useMediaQuery`. */
export const PHONE_QUERY = `(max-width:${MOBILE_MAX_WIDTH_PX}px)`;

/** For `sx`: styles that apply on a phone only. */
export const ON_PHONE = `@media ${PHONE_QUERY}`;

/**
 * `className` of a list column a phone does without (on a DataTable.Col it hides the header and
 * every cell). A class from phoneLayout.css rather than an `sx`: an `sx` is turned into CSS again
 * for every cell on every render, which made a 100-row list measurably slower to draw.
 */
export const HIDDEN_ON_PHONE = 'hidden-on-phone';

/** PortalAppBar's toolbar is dense (48 px) from MUI's `sm` breakpoint on. */
const APP_BAR_HEIGHT_PX = 48;

/**
 * `sx` of a create page's side column (price summary and submit button): from `md` on it stays in
 * view below the fixed header while the form scrolls; narrower, it simply follows the form.
 * It must be the grid item's child, so it can travel the whole height of the form's row.
 */
export const STICKY_BELOW_APP_BAR = {
  position: { md: 'sticky' },
  top: { md: APP_BAR_HEIGHT_PX + 16 },
} as const;

/**
 * How the first-data picture (picture.ts) can be found in the page: for the picture itself, its
 * tests and the bench (scripts/bench), which runs in Node — so this file imports nothing.
 */
export const FIRST_DATA_ID = 'first-data';
export const FIRST_DATA_ROW_CLASS = 'first-data-row';
/** The picture's heading (a server's name on its page). */
export const FIRST_DATA_TITLE_SELECTOR = `#${FIRST_DATA_ID} .fd-title`;
/** A bar of a picture's chart (the dashboard's spending). */
export const FIRST_DATA_BAR_SELECTOR = `#${FIRST_DATA_ID} .fd-bars > div`;

/**
 * The budgets of issue 10 §1. Bytes are exact and enforced (CI fails past them); times depend
 * on the machine, so `npm run bench` reports them beside their budget and never fails on them.
 * 1 KB = 1000 bytes of gzip -9 JavaScript.
 */
export const BYTE_BUDGETS = {
  /** Entry + login page + their static imports: what must arrive before the form is usable. */
  loginJsKb: 80,
  /**
   * Entry + App + dashboard page + their static imports: the signed-in first load. Set just
   * above today's figure so that it cannot grow silently; raise it on purpose, never by habit.
   */
  signedInJsKb: 280,
} as const;

export const TIME_BUDGETS_MS = {
  loginUsable: 1300,
  loginFirstContentfulPaint: 1000,
  /** From the list call's data (responseEnd) to its 100th row in the page. */
  listOf100Rows: 300,
} as const;

/**
 * Modules of those libraries the login page may still load, each with its reason. Keep it short:
 * every entry is code a customer downloads before signing in.
 */
export const ALLOWED_ON_LOGIN = [
  {
    module: 'node_modules/ra-core/dist/dataProvider/HttpError.js',
    reason:
      'the 0.6 KB error class src/api/client.ts throws, so react-admin reads the status of a failed call',
  },
] as const;

/** Libraries the public pages must not download: the signed-in portal brings them. */
export const NOT_ON_LOGIN = [
  { name: 'react-router', path: /node_modules\/react-router(-dom)?\// },
  { name: '@mui', path: /node_modules\/@mui\// },
  { name: 'react-admin (ra-*)', path: /node_modules\/(react-admin|ra-[\w-]+)\// },
] as const;

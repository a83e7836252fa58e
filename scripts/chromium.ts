/**
 * How the end-to-end tests (playwright.config.ts) and the bench (scripts/bench) launch Debian's
 * Chromium: never a browser a tool downloads.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off with its own `--disable-features` (playwright-core's
 * chromiumSwitches.ts). Chromium reads only the last `--disable-features` it is given, so ours
 * repeats them; tests/unit/chromium.test.ts fails when Playwright's list has one this lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's pop-ups, which Chromium 156 draws as web pages: headless, it still opens two
 * for every window — every test's browser context — each in a renderer process of its own, for
 * an address bar nobody sees. About 5 % of the browser's CPU in the screen catalogue.
 */
export const ADDRESS_BAR_POPUPS = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
];

/**
 * The journeys' pages live for seconds, so V8's top tier (Turbofan) compiles code, on the
 * renderer's background threads, that rarely runs long enough to repay it. Capped at Maglev,
 * the whole Playwright run took 1,201 instead of 1,310 CPU-seconds (the renderers' background
 * threads 160 instead of 220) and 654 instead of 704 s (7 Dec 2026, 2 cores). What the journeys
 * check does not depend on how V8 compiles; the bench (scripts/bench) keeps V8 as customers'
 * browsers have it, so it launches with CHROMIUM_ARGS alone.
 */
export const JOURNEY_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--max-opt=2'];

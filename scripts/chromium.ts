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

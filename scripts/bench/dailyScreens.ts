/**
 * `npm run bench`'s part for issue 21: the daily screens (dashboard, server list, balance history,
 * a server's page) against the stock react-admin 5 list, interleaved run by run, and the heap
 * after thirty rounds across them. Figures are printed beside issue 21's targets (budgets.ts,
 * SCREEN_TARGETS); they are times, so they are reported and never fail the run.
 */
import type { Browser } from '@playwright/test';

import type { BenchSandbox } from './benchSandbox';
import { SCREEN_TARGETS } from './budgets';
import type { FirstLoad } from './checks';
import { DASHBOARD_DATA_SHOWN, signedInStorage } from './measurements';
import {
  firstDataChartShown,
  firstDataRowShown,
  firstRowShown,
  heapRounds,
  measureScreen,
  type HeapFigures,
  type Screen,
  type ScreenRun,
} from './screens';
import { FIRST_DATA_TITLE_SELECTOR } from '../../src/firstData/pictureMarks';
import { STOCK_API_PATH, STOCK_LIST_PATH, STOCK_ROWS } from './stockList';
import { median } from './throttledBrowser';

export const STOCK_SCREEN = 'stock react-admin list';

export interface DailyScreen extends Screen {
  /** Its first load's byte figure: `signedIn` (the dashboard's) or a SCREEN_BUDGETS screen. */
  firstLoad?: 'signedIn' | string;
}

export function dailyScreens(sandbox: BenchSandbox, stockOrigin: string): DailyScreen[] {
  const session = signedInStorage(sandbox.session);
  const server = sandbox.servers[0];
  if (!server) throw new Error('The bench sandbox has no server');
  const portal = { origin: sandbox.origin, localStorage: session };
  return [
    {
      name: STOCK_SCREEN,
      origin: stockOrigin,
      path: STOCK_LIST_PATH,
      dataShown: firstRowShown(),
      dataPath: `^${STOCK_API_PATH}$`,
    },
    {
      // The spending chart a customer can read: the first-data picture's (src/firstData).
      name: 'dashboard (spending chart drawn)',
      firstLoad: 'signedIn',
      ...portal,
      path: '/idc/dashboard',
      dataShown: firstDataChartShown(DASHBOARD_DATA_SHOWN),
      dataPath: '^/api/v1/dashboard/summary$',
    },
    {
      name: "dashboard, the portal's chart",
      ...portal,
      path: '/idc/dashboard',
      dataShown: DASHBOARD_DATA_SHOWN,
      dataPath: '^/api/v1/dashboard/summary$',
    },
    {
      // The first rows a customer can read: the first-data picture's (src/firstData).
      name: 'server list (/cloud-server)',
      firstLoad: 'server list',
      ...portal,
      path: '/idc/cloud-server',
      dataShown: firstDataRowShown(),
      dataPath: '^/api/v1/cloud/servers$',
    },
    {
      // The same visit until the portal's own list has its rows: usable, not only readable.
      name: "server list, the portal's rows",
      ...portal,
      path: '/idc/cloud-server',
      dataShown: firstRowShown(),
      dataPath: '^/api/v1/cloud/servers$',
    },
    {
      name: 'balance history (/billing/history)',
      firstLoad: 'balance history',
      ...portal,
      path: '/idc/billing/history',
      dataShown: firstDataRowShown(),
      dataPath: '^/api/v1/billing/balance_adjustments$',
    },
    {
      name: "balance history, the portal's rows",
      ...portal,
      path: '/idc/billing/history',
      dataShown: firstRowShown(),
      dataPath: '^/api/v1/billing/balance_adjustments$',
    },
    {
      // The server's name a customer can read: the picture's heading, or the portal's.
      name: `a server's page (${server.name})`,
      firstLoad: "server's page",
      ...portal,
      path: `/idc/cloud-server/${server.id}/detail`,
      dataShown: headingShown(server.name, FIRST_DATA_TITLE_SELECTOR),
      dataPath: `^/api/v1/cloud/servers/${server.id}$`,
    },
    {
      name: "a server's page, the portal's heading",
      ...portal,
      path: `/idc/cloud-server/${server.id}/detail`,
      dataShown: headingShown(server.name),
      dataPath: `^/api/v1/cloud/servers/${server.id}$`,
    },
  ];
}

/** An `h1` (or the elements of `alsoSelector`) reading exactly `text`. */
function headingShown(text: string, alsoSelector?: string): string {
  const selector = alsoSelector ? `h1, ${alsoSelector}` : 'h1';
  return `() => [...document.querySelectorAll(${JSON.stringify(selector)})].some((h) => h.textContent === ${JSON.stringify(text)})`;
}

export type ScreenRuns = Map<string, ScreenRun[]>;

/** `runs` rounds; in each, every screen once (cold, then warm), the stock list first. */
export async function measureDailyScreens(
  browser: Browser,
  screens: Screen[],
  runs: number,
): Promise<ScreenRuns> {
  const results: ScreenRuns = new Map(screens.map((screen) => [screen.name, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const screen of screens)
      results.get(screen.name)?.push(await measureScreen(browser, screen));
  }
  return results;
}

export async function measureHeap(browser: Browser, sandbox: BenchSandbox): Promise<HeapFigures> {
  const [server, volume] = [sandbox.servers[0]?.name, sandbox.volumes[0]];
  if (!server || !volume) throw new Error('The bench sandbox has no server or volume');
  return heapRounds(
    browser,
    sandbox.origin,
    signedInStorage(sandbox.session),
    { pathname: '/idc/dashboard', dataShown: DASHBOARD_DATA_SHOWN },
    [
      {
        link: 'nav a[href="/idc/cloud-server"]',
        pathname: '/idc/cloud-server',
        dataShown: firstRowShown(server),
      },
      {
        link: 'nav a[href="/idc/volume"]',
        pathname: '/idc/volume',
        dataShown: firstRowShown(volume),
      },
      {
        link: 'nav a[href="/idc/billing"]',
        then: ['a[href="/idc/billing/history"]'],
        pathname: '/idc/billing/history',
        dataShown: firstRowShown('gia hạn 1 tháng'),
      },
      {
        link: 'nav a[href="/idc/dashboard"]',
        pathname: '/idc/dashboard',
        dataShown: DASHBOARD_DATA_SHOWN,
      },
    ],
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const verdict = (passed: boolean) => (passed ? 'ok  ' : 'OVER');

/**
 * One line per screen: medians of the runs; the ratio is the median of each run's ratio to the
 * stock list's cold first row of the same run.
 */
export function printDailyScreens(
  screens: DailyScreen[],
  results: ScreenRuns,
  firstLoadOf: (screen: DailyScreen) => FirstLoad | undefined,
  heap: HeapFigures | undefined,
): void {
  const stock = results.get(STOCK_SCREEN) ?? [];
  const runs = stock.length;
  console.log(
    `Daily screens against a stock react-admin 5 list (issue 21): medians of ${runs} runs, interleaved; ` +
      `the stock list has ${STOCK_ROWS} rows; targets are reported, not enforced.`,
  );
  const header = [
    'screen'.padEnd(38),
    'cold row'.padStart(9),
    `× stock (≤ ${SCREEN_TARGETS.coldRatioToStock})`.padStart(17),
    'JS to row'.padStart(10),
    `blocking (≤ ${SCREEN_TARGETS.blockingAfterDataMs} ms)`.padStart(22),
    `warm row (≤ ${seconds(SCREEN_TARGETS.warmDataShownMs)})`.padStart(22),
    'warm JS'.padStart(9),
    'warm blocking'.padStart(14),
    'first load gzip -9'.padStart(19),
  ];
  console.log(`  ${header.join(' ')}`);
  for (const screen of screens) {
    const runsOf = results.get(screen.name) ?? [];
    const cold = (pick: (run: ScreenRun) => number) => median(runsOf.map(pick));
    const isStock = screen.name === STOCK_SCREEN;
    const ratio = median(
      runsOf.map((run, index) => run.cold.dataShownMs / (stock[index]?.cold.dataShownMs ?? NaN)),
    );
    const blocking = cold((run) => run.cold.blockingMs);
    const warm = cold((run) => run.warm.dataShownMs);
    const load = firstLoadOf(screen);
    const cells = [
      screen.name.padEnd(38),
      seconds(cold((run) => run.cold.dataShownMs)).padStart(9),
      (isStock
        ? '1.00'
        : `${ratio.toFixed(2)} ${verdict(ratio <= SCREEN_TARGETS.coldRatioToStock)}`
      ).padStart(17),
      kb(cold((run) => run.cold.scriptBytes)).padStart(10),
      `${Math.round(blocking)} ms ${isStock ? '    ' : verdict(blocking <= SCREEN_TARGETS.blockingAfterDataMs)}`.padStart(
        22,
      ),
      `${seconds(warm)} ${isStock ? '    ' : verdict(warm <= SCREEN_TARGETS.warmDataShownMs)}`.padStart(
        22,
      ),
      kb(cold((run) => run.warm.scriptBytes)).padStart(9),
      `${Math.round(cold((run) => run.warm.blockingMs))} ms`.padStart(14),
      (load ? `${load.gzipKb.toFixed(1)} KB` : '—').padStart(19),
    ];
    console.log(`  ${cells.join(' ')}`);
    const unseen = runsOf.filter((run) => !run.cold.dataCallSeen || !run.warm.dataCallSeen).length;
    if (unseen > 0) {
      console.log(
        `    (${unseen} runs saw no call to ${screen.dataPath}: blocking counted from the row)`,
      );
    }
  }
  if (heap) {
    const growth = heap.afterRound30 - heap.afterRound10;
    const codeGrowth = heap.codeAfterRound30 - heap.codeAfterRound10;
    const mb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / 1e6).toFixed(2)} MB`;
    console.log(
      `  JS heap, dashboard → servers → volumes → billing in one page: ${(heap.afterRound10 / 1e6).toFixed(2)} MB after round 10, ` +
        `${(heap.afterRound30 / 1e6).toFixed(2)} MB after round 30: ${mb(growth)}, of which V8's compiled code ${mb(codeGrowth)} ` +
        `and the page's objects ${mb(growth - codeGrowth)} ` +
        `(target ≤ ${mb(SCREEN_TARGETS.heapGrowthBytes)}: ${verdict(growth <= SCREEN_TARGETS.heapGrowthBytes).trim()} in all, ` +
        `${verdict(growth - codeGrowth <= SCREEN_TARGETS.heapGrowthBytes).trim()} without the code; reported)`,
    );
  }
}

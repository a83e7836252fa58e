/**
 * `npm run bench`: the budgets of issue 10 §1, each figure beside its budget (docs/performance.md).
 * Builds the portal into a folder of its own (never `dist/`), serves it with an in-process sandbox
 * on a free port, and loads it cold in Debian's Chromium slowed down like a mid-range phone.
 * Then issue 21's daily screens, cold and warm, interleaved run by run with a stock react-admin 5
 * list built and served by the bench itself (scripts/bench/stock), and the heap after thirty
 * rounds across them. Byte budgets are exact and fail the run; times depend on the machine and
 * are reported.
 *
 *   npm run bench                 # 5 cold loads per timed figure
 *   npm run bench -- --runs 9
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from '@playwright/test';

import { BENCH_CUSTOMER, LEDGER_ROWS, startBenchSandbox } from './bench/benchSandbox';
import { BYTE_BUDGETS, TIME_BUDGETS_MS } from './bench/budgets';
import { printChecks, runChecks, type FirstLoad } from './bench/checks';
import {
  loadDashboard,
  loadHundredRowList,
  loadLoginPage,
  type Session,
} from './bench/measurements';
import { buildPortal } from './bench/portalBuild';
import { printTable, type Row } from './bench/report';
import { CONDITIONS_TEXT, launchChromium, median } from './bench/throttledBrowser';
import {
  dailyScreens,
  measureDailyScreens,
  measureHeap,
  printDailyScreens,
} from './bench/dailyScreens';
import { buildStockList, serveStockList } from './bench/stockList';

const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 5;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number ≥ 1');

const outDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const stockDir = mkdtempSync(join(tmpdir(), 'stock-bench-'));
let stopStock = async () => {};
try {
  console.log(`Building the portal into ${outDir}…`);
  const { login, signedIn, screens, results } = runChecks(await buildPortal(outDir));
  console.log(`Building the stock react-admin list into ${stockDir}…`);
  const stock = await serveStockList(await buildStockList(stockDir));
  stopStock = stock.stop;
  const sandbox = await startBenchSandbox(outDir);
  const browser = await launchChromium();
  try {
    console.log(`Measuring ${RUNS} cold loads of each page: ${CONDITIONS_TEXT}.\n`);
    const measured = await measure(browser, sandbox.origin, sandbox.session);
    printTable(figures(login, signedIn, measured));

    console.log(
      `\nMeasuring ${RUNS} runs of the daily screens and the stock list, cold then warm…`,
    );
    const daily = dailyScreens(sandbox, stock.origin);
    const dailyRuns = await measureDailyScreens(browser, daily, RUNS);
    console.log('Thirty rounds across the daily screens for the heap…\n');
    const heap = await measureHeap(browser, sandbox);
    printDailyScreens(
      daily,
      dailyRuns,
      ({ firstLoad }) =>
        firstLoad === 'signedIn'
          ? signedIn
          : screens.find((one) => one.budget.screen === firstLoad)?.load,
      heap,
    );

    console.log('\nChunk rules and byte budgets (also checked by `npm run check:budgets`):');
    printChecks(results);
    if (results.some((result) => !result.passed) || !measured.pagedByServer) {
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await sandbox.stop();
  }
} finally {
  await stopStock();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(stockDir, { recursive: true, force: true });
}

/** The medians of RUNS cold loads of each page, one page after the other. */
async function measure(browser: Browser, origin: string, session: Session) {
  const repeat = async <T>(load: () => Promise<T>): Promise<T[]> => {
    const results: T[] = [];
    for (let run = 0; run < RUNS; run += 1) results.push(await load());
    return results;
  };
  const logins = await repeat(() => loadLoginPage(browser, origin));
  const dashboards = await repeat(() => loadDashboard(browser, origin, session));
  const lists = await repeat(() => loadHundredRowList(browser, origin, session));
  return {
    loginUsableMs: median(logins.map((one) => one.usableMs)),
    loginPaintMs: median(logins.map((one) => one.firstContentfulPaintMs)),
    loginScriptBytes: median(logins.map((one) => one.scriptBytes)),
    dashboardShownMs: median(dashboards.map((one) => one.dataShownMs)),
    dashboardScriptBytes: median(dashboards.map((one) => one.scriptBytes)),
    listRowsMs: median(lists.map((one) => one.rowsAfterDataMs)),
    list: lists[0]!,
    // One page of 100 asked for, and more rows left on the server: never the whole list.
    pagedByServer: lists.every(
      (one) =>
        /[?&]per_page=100(&|$)/.test(one.request) &&
        /[?&]page=1(&|$)/.test(one.request) &&
        one.rowsInAnswer === 100 &&
        one.totalRows > one.rowsInAnswer,
    ),
  };
}

function figures(
  login: FirstLoad,
  signedIn: FirstLoad,
  measured: Awaited<ReturnType<typeof measure>>,
): Row[] {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;
  return [
    { section: 'Login page (/idc/login)' },
    {
      label: 'JavaScript before the form is usable (gzip -9)',
      value: `${login.gzipKb.toFixed(1)} KB`,
      budget: `≤ ${BYTE_BUDGETS.loginJsKb} KB`,
      passed: login.gzipKb <= BYTE_BUDGETS.loginJsKb,
    },
    { label: 'JavaScript transferred (median)', value: kb(measured.loginScriptBytes) },
    {
      label: 'usable: React’s e-mail field enabled (median)',
      value: seconds(measured.loginUsableMs),
      budget: `≤ ${seconds(TIME_BUDGETS_MS.loginUsable)}`,
      passed: measured.loginUsableMs <= TIME_BUDGETS_MS.loginUsable,
      reported: true,
    },
    {
      label: 'first contentful paint (median)',
      value: seconds(measured.loginPaintMs),
      budget: `≤ ${seconds(TIME_BUDGETS_MS.loginFirstContentfulPaint)}`,
      passed: measured.loginPaintMs <= TIME_BUDGETS_MS.loginFirstContentfulPaint,
      reported: true,
    },
    { section: `Signed-in first load (/idc/dashboard with data, ${BENCH_CUSTOMER})` },
    {
      label: 'JavaScript of entry + App + DashboardPage (gzip -9)',
      value: `${signedIn.gzipKb.toFixed(1)} KB`,
      budget: `≤ ${BYTE_BUDGETS.signedInJsKb} KB`,
      passed: signedIn.gzipKb <= BYTE_BUDGETS.signedInJsKb,
    },
    {
      label: 'JavaScript transferred until the data is shown (median)',
      value: kb(measured.dashboardScriptBytes),
    },
    {
      label: 'dashboard data shown: spending chart drawn (median)',
      value: seconds(measured.dashboardShownMs),
      reported: true,
    },
    { section: `List of 100 rows (/idc/billing/history?perPage=100, ${LEDGER_ROWS}+ rows)` },
    {
      label: '100 rows drawn after their data arrived (median)',
      value: `${Math.round(measured.listRowsMs)} ms`,
      budget: `≤ ${TIME_BUDGETS_MS.listOf100Rows} ms`,
      passed: measured.listRowsMs <= TIME_BUDGETS_MS.listOf100Rows,
      reported: true,
    },
    {
      label: `list call asks for one page (${measured.list.request.split('?')[1] ?? ''})`,
      value: `${measured.list.rowsInAnswer} of ${measured.list.totalRows}`,
      budget: 'one page',
      passed: measured.pagedByServer,
    },
  ];
}

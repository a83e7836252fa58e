/**
 * Issue 21's figures: each signed-in screen a customer opens every day, measured beside a stock
 * react-admin 5 list (stockList.ts) in the same browser under the same throttling, interleaved
 * run by run. Every visit is taken twice in one browser context: cold (a new context, its HTTP
 * cache empty) and warm (a new tab of the same context, the cache kept from the first visit).
 *
 * Per visit, all taken in the page so that polling from here never adds to them:
 * - first data row visible: performance.now() when the screen's condition first holds, from a
 *   MutationObserver installed before the page's scripts (measurements.ts, markWhen);
 * - JavaScript transferred until then: the transferSize of every .js resource that ended by then
 *   (0 for a script read from the cache);
 * - blocking time after the data: the part beyond 50 ms of every long task (PerformanceObserver
 *   'longtask', installed before the scripts) from the data call's responseEnd on, until 2 s pass
 *   without a long task (at most 15 s after the row).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

import { FIRST_DATA_BAR_SELECTOR, FIRST_DATA_ROW_CLASS } from '../../src/firstData/pictureMarks';
import { markOf, markWhen } from './measurements';
import { throttle } from './throttledBrowser';

const LOAD_TIMEOUT_MS = 120_000;
const QUIET_MS = 2_000;
const QUIET_CAP_MS = 15_000;
/** A long task blocks input for what it lasts beyond this (as Total Blocking Time counts it). */
const BLOCKING_BEYOND_MS = 50;

declare global {
  interface Window {
    __benchLongTasks?: [start: number, duration: number][];
    /** The heap rounds' conditions by pathname (the portal's CSP forbids evaluating strings). */
    __benchScreens?: Record<string, () => boolean>;
  }
}

const LONG_TASK_PROBE = `(() => {
  const tasks = (window.__benchLongTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

export interface Screen {
  name: string;
  origin: string;
  /** Where the visit starts, e.g. `/idc/cloud-server`. */
  path: string;
  /** Written before the page's scripts run (the portal's session). */
  localStorage?: Record<string, string>;
  /** A function's source: true once the screen's first data row is in the page. */
  dataShown: string;
  /** The pathname of the call whose answer the row shows, as a RegExp source. */
  dataPath: string;
}

export interface Visit {
  dataShownMs: number;
  scriptBytes: number;
  blockingMs: number;
  /** False when no call matched `dataPath` (blocking is then counted from the row). */
  dataCallSeen: boolean;
}

export interface ScreenRun {
  cold: Visit;
  warm: Visit;
}

async function visit(page: Page, screen: Screen): Promise<Visit> {
  await page.goto(screen.path, { waitUntil: 'commit' });
  const shownAt = await markOf(page, 'dataShown');
  await page.waitForFunction(
    ([shown, quiet, cap]) => {
      const now = performance.now();
      const lastEnd = (window.__benchLongTasks ?? []).reduce(
        (end, [start, duration]) => Math.max(end, start + duration),
        shown,
      );
      return now - lastEnd >= quiet || now - shown >= cap;
    },
    [shownAt, QUIET_MS, QUIET_CAP_MS] as const,
    { polling: 250, timeout: LOAD_TIMEOUT_MS },
  );
  return page.evaluate(
    ([shown, dataPathSource, beyond]) => {
      const dataPath = new RegExp(dataPathSource);
      // No named function in here: tsx would wrap it in a __name() the page does not have.
      const ended = (
        performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      ).filter((entry) => entry.responseEnd <= shown);
      const scriptBytes = ended
        .filter((entry) => /\.m?js$/.test(new URL(entry.name).pathname))
        .reduce((total, entry) => total + entry.transferSize, 0);
      const dataCalls = ended.filter((entry) => dataPath.test(new URL(entry.name).pathname));
      const dataAt = dataCalls.reduce((last, entry) => Math.max(last, entry.responseEnd), 0);
      const from = dataCalls.length > 0 ? dataAt : shown;
      const blockingMs = (window.__benchLongTasks ?? []).reduce(
        (total, [start, duration]) =>
          total + Math.max(0, start + duration - Math.max(start + beyond, from)),
        0,
      );
      return { dataShownMs: shown, scriptBytes, blockingMs, dataCallSeen: dataCalls.length > 0 };
    },
    [shownAt, screen.dataPath, BLOCKING_BEYOND_MS] as const,
  );
}

/** A cold visit in a new context, then a warm one in a new tab of the same context. */
export async function measureScreen(browser: Browser, screen: Screen): Promise<ScreenRun> {
  const context = await browser.newContext({ baseURL: screen.origin });
  try {
    if (screen.localStorage) {
      await context.addInitScript((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, screen.localStorage);
    }
    await context.addInitScript({
      content: `${markWhen('dataShown', screen.dataShown)}\n${LONG_TASK_PROBE}`,
    });
    const first = await context.newPage();
    await throttle(context, first, { cacheDisabled: false });
    const cold = await visit(first, screen);
    await first.close();
    const second = await context.newPage();
    await throttle(context, second, { cacheDisabled: false });
    const warm = await visit(second, screen);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * A row of react-admin's DataTable holding data (its loading skeleton has no such row; its header
 * row has the class too).
 */
const PORTAL_ROW = '.RaDataTable-row:not(.RaDataTable-headerRow)';
/** A row of the first-data picture (src/firstData), drawn before the portal's code arrives. */
const PICTURE_ROW = `.${FIRST_DATA_ROW_CLASS}`;

/** The portal's first row holding data (with `text`, when given). */
export const firstRowShown = (text?: string, selector = PORTAL_ROW) =>
  `() => [...document.querySelectorAll(${JSON.stringify(selector)})].some((row) => ${
    text === undefined ? 'true' : `row.textContent.includes(${JSON.stringify(text)})`
  })`;

/** The first row with data the customer can read: the picture's or the portal's. */
export const firstDataRowShown = () => firstRowShown(undefined, `${PICTURE_ROW}, ${PORTAL_ROW}`);

/** The picture's twelve bars, or what `portalChartShown` (a page function) finds. */
export const firstDataChartShown = (portalChartShown: string) =>
  `() => document.querySelectorAll(${JSON.stringify(FIRST_DATA_BAR_SELECTOR)}).length >= 12 || (${portalChartShown})()`;

/** One step of the heap rounds: a link to click in the page and what shows the screen loaded. */
export interface HeapStep {
  link: string;
  /** Further links to click, in order, once the first has been followed (e.g. a tab). */
  then?: string[];
  pathname: string;
  dataShown: string;
}

export interface HeapFigures {
  afterRound10: number;
  afterRound30: number;
  /** Of each, the bytes of V8's compiled code (bytecode and optimised machine code). */
  codeAfterRound10: number;
  codeAfterRound30: number;
}

/** What a V8 heap snapshot (`HeapProfiler.takeHeapSnapshot`) says of its nodes. */
export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

/**
 * The bytes of compiled code in a heap snapshot: V8 compiles a function again, optimised, once it
 * has run often enough, so a page that repeats the same work holds more code over time without
 * holding more of its own objects. The heap rounds tell the two apart.
 */
export function codeBytesOf(heap: HeapSnapshot): number {
  const fields = heap.snapshot.meta.node_fields;
  const [typeField, sizeField] = [fields.indexOf('type'), fields.indexOf('self_size')];
  const codeType = heap.snapshot.meta.node_types[0].indexOf('code');
  let bytes = 0;
  for (let node = 0; node < heap.nodes.length; node += fields.length) {
    if (heap.nodes[node + typeField] === codeType) bytes += heap.nodes[node + sizeField] ?? 0;
  }
  return bytes;
}

async function heapUsed(cdp: CDPSession): Promise<{ used: number; code: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return { used: usedSize, code: codeBytesOf(JSON.parse(chunks.join('')) as HeapSnapshot) };
}

/**
 * Thirty rounds across the daily screens in one page, by clicking the portal's own links (no
 * reload), not throttled (the heap does not depend on speed): the JS heap after a full garbage
 * collection, after round 10 and round 30, and how much of it is compiled code.
 */
export async function heapRounds(
  browser: Browser,
  origin: string,
  localStorage: Record<string, string>,
  start: { pathname: string; dataShown: string },
  steps: HeapStep[],
): Promise<HeapFigures> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, localStorage);
    const conditions = [start, ...steps].map(
      (step) => `${JSON.stringify(step.pathname)}: ${step.dataShown}`,
    );
    await context.addInitScript({
      content: `window.__benchScreens = { ${conditions.join(', ')} };`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const shown = (pathname: string) =>
      page.waitForFunction(
        (path) => location.pathname === path && window.__benchScreens?.[path]?.() === true,
        pathname,
        { timeout: LOAD_TIMEOUT_MS, polling: 100 },
      );
    await page.goto(start.pathname);
    await shown(start.pathname);
    const figures: Partial<HeapFigures> = {};
    for (let round = 1; round <= 30; round += 1) {
      for (const step of steps) {
        for (const link of [step.link, ...(step.then ?? [])]) {
          await page.locator(link).first().click({ timeout: LOAD_TIMEOUT_MS });
        }
        await shown(step.pathname);
      }
      if (round === 10 || round === 30) {
        const { used, code } = await heapUsed(cdp);
        Object.assign(
          figures,
          round === 10
            ? { afterRound10: used, codeAfterRound10: code }
            : { afterRound30: used, codeAfterRound30: code },
        );
      }
    }
    return figures as HeapFigures;
  } finally {
    await context.close();
  }
}

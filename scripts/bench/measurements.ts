/**
 * The three timed figures of issue 10 §1, each one cold load of a throttled page. The moments
 * are taken in the page (performance.now(), i.e. milliseconds since the navigation started) by
 * a MutationObserver installed before the portal's scripts, so polling from here never adds to
 * them.
 */
import type { Browser, Page } from '@playwright/test';

import { STORAGE_KEYS } from '../../src/authProvider/sessionStore';
import { openColdPage } from './throttledBrowser';

/**
 * A react-admin DataTable row with data (skeleton rows while loading are not these; its header
 * row has the class too).
 */
const DATA_ROW = '.RaDataTable-row:not(.RaDataTable-headerRow)';
const LIST_ROWS = 100;
const LIST_API_PATH = '/api/v1/billing/balance_adjustments';
const LOAD_TIMEOUT_MS = 120_000;

declare global {
  interface Window {
    __benchMarks?: Record<string, number>;
  }
}

/** An init script that records in `window.__benchMarks[name]` when `condition` first holds. */
export function markWhen(name: string, condition: string): string {
  return `(() => {
    const marks = (window.__benchMarks ??= {});
    const holds = ${condition};
    const observer = new MutationObserver(() => {
      if (holds()) {
        marks[${JSON.stringify(name)}] = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })();`;
}

/**
 * The e-mail field the login page's React form rendered (React keeps its fiber on the element;
 * a static placeholder drawn by index.html has none), enabled: the form is usable.
 */
const REACT_EMAIL_FIELD_ENABLED = `() => [...document.querySelectorAll('input[type=email]')].some(
  (input) => !input.disabled && Object.keys(input).some((key) => key.startsWith('__reactFiber$')))`;

/** The spending card shows its total and the chart has drawn its twelve months. */
export const DASHBOARD_DATA_SHOWN = `() => {
  const total = document.querySelector('[data-testid="dashboard-spending-total"]');
  const card = total && total.closest('.MuiCard-root');
  return Boolean(card) && card.querySelectorAll('svg rect').length >= 12;
}`;

const LIST_ROWS_SHOWN = `() => document.querySelectorAll(${JSON.stringify(DATA_ROW)}).length >= ${LIST_ROWS}`;

export async function markOf(page: Page, name: string): Promise<number> {
  const handle = await page.waitForFunction((mark) => window.__benchMarks?.[mark], name, {
    timeout: LOAD_TIMEOUT_MS,
    polling: 250,
  });
  return (await handle.jsonValue()) as number;
}

export interface LoginLoad {
  usableMs: number;
  firstContentfulPaintMs: number;
  scriptBytes: number;
}

export async function loadLoginPage(browser: Browser, origin: string): Promise<LoginLoad> {
  const cold = await openColdPage(browser, {
    origin,
    initScript: markWhen('usable', REACT_EMAIL_FIELD_ENABLED),
  });
  try {
    await cold.page.goto('/idc/login', { waitUntil: 'commit' });
    const usableMs = await markOf(cold.page, 'usable');
    const paint = await cold.page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      null,
      { timeout: LOAD_TIMEOUT_MS, polling: 250 },
    );
    return {
      usableMs,
      firstContentfulPaintMs: (await paint.jsonValue()) as number,
      scriptBytes: cold.scriptBytes(),
    };
  } finally {
    await cold.close();
  }
}

export interface Session {
  token: string;
  user: unknown;
}

/** What the portal keeps in the browser after a sign-in (src/authProvider/sessionStore.ts). */
export function signedInStorage(session: Session): Record<string, string> {
  return {
    [STORAGE_KEYS.accessToken]: session.token,
    [STORAGE_KEYS.authenticated]: 'true',
    [STORAGE_KEYS.userInfo]: JSON.stringify(session.user),
  };
}

export interface DashboardLoad {
  dataShownMs: number;
  scriptBytes: number;
}

export async function loadDashboard(
  browser: Browser,
  origin: string,
  session: Session,
): Promise<DashboardLoad> {
  const cold = await openColdPage(browser, {
    origin,
    localStorage: signedInStorage(session),
    initScript: markWhen('dataShown', DASHBOARD_DATA_SHOWN),
  });
  try {
    await cold.page.goto('/idc/dashboard', { waitUntil: 'commit' });
    const dataShownMs = await markOf(cold.page, 'dataShown');
    return { dataShownMs, scriptBytes: cold.scriptBytes() };
  } finally {
    await cold.close();
  }
}

export interface ListLoad {
  /** From the list call's last byte (Resource Timing responseEnd) to the 100th row. */
  rowsAfterDataMs: number;
  /** The list call as sent, e.g. `/api/v1/billing/balance_adjustments?page=1&per_page=100`. */
  request: string;
  rowsInAnswer: number;
  totalRows: number;
}

export async function loadHundredRowList(
  browser: Browser,
  origin: string,
  session: Session,
): Promise<ListLoad> {
  const cold = await openColdPage(browser, {
    origin,
    localStorage: signedInStorage(session),
    initScript: markWhen('rows', LIST_ROWS_SHOWN),
  });
  try {
    const answer = cold.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === LIST_API_PATH &&
        new URL(response.url()).searchParams.get('per_page') === String(LIST_ROWS),
      { timeout: LOAD_TIMEOUT_MS },
    );
    await cold.page.goto(`/idc/billing/history?page=1&perPage=${LIST_ROWS}`, {
      waitUntil: 'commit',
    });
    const response = await answer;
    const body = (await response.json()) as { items: unknown[]; total: number };
    const rowsAt = await markOf(cold.page, 'rows');
    const url = response.url();
    const dataAt = await cold.page.evaluate(
      (name) =>
        (performance.getEntriesByName(name, 'resource')[0] as PerformanceResourceTiming | undefined)
          ?.responseEnd,
      url,
    );
    if (dataAt === undefined) throw new Error(`No resource timing for ${url}`);
    const { pathname, search } = new URL(url);
    return {
      rowsAfterDataMs: rowsAt - dataAt,
      request: `${pathname}${search}`,
      rowsInAnswer: body.items.length,
      totalRows: body.total,
    };
  } finally {
    await cold.close();
  }
}

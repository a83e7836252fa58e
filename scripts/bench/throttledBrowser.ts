/**
 * Debian's Chromium (never a downloaded browser), slowed down as a mid-range phone on a mobile
 * network through the DevTools protocol: CPU 4× slower, 1.6 Mbps down, 750 kbps up, 150 ms
 * latency, and no cache — every load runs in a new browser context, so it starts cold.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

export const CONDITIONS = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
} as const;

export const CONDITIONS_TEXT =
  `Chromium, CPU ${CONDITIONS.cpuSlowdown}× slower, ` +
  `${CONDITIONS.downloadBitsPerSecond / 1e6} Mbps down / ${CONDITIONS.uploadBitsPerSecond / 1e3} kbps up, ` +
  `${CONDITIONS.latencyMs} ms latency, cold cache`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ColdPage {
  page: Page;
  /** Bytes of JavaScript received so far (compressed, as sent, headers included). */
  scriptBytes: () => number;
  close: () => Promise<void>;
}

/**
 * A page in a fresh context, throttled before anything loads. `localStorage` is written before
 * the portal's scripts run on each document of `origin` (e.g. a session token); `initScript`
 * runs before them too (e.g. an observer that timestamps what the page shows).
 */
export async function openColdPage(
  browser: Browser,
  options: { origin: string; localStorage?: Record<string, string>; initScript?: string },
): Promise<ColdPage> {
  const context: BrowserContext = await browser.newContext({ baseURL: options.origin });
  if (options.localStorage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, options.localStorage);
  }
  if (options.initScript) await context.addInitScript({ content: options.initScript });
  const page = await context.newPage();
  const cdp = await throttle(context, page, { cacheDisabled: true });

  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return { page, scriptBytes: () => bytes, close: () => context.close() };
}

/**
 * Slows `page` down as the conditions say, before anything loads in it. With `cacheDisabled`
 * false the context's HTTP cache is used (a second visit, issue 21); a new context's is empty.
 */
export async function throttle(
  context: BrowserContext,
  page: Page,
  options: { cacheDisabled: boolean },
): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: options.cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: CONDITIONS.latencyMs,
    downloadThroughput: CONDITIONS.downloadBitsPerSecond / 8,
    uploadThroughput: CONDITIONS.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CONDITIONS.cpuSlowdown });
  return cdp;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

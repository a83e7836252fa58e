import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig } from '@playwright/test';

import { CHROMIUM_PATH, JOURNEY_CHROMIUM_ARGS } from './scripts/chromium';

/**
 * One free port and one fresh database per run, in a folder of the run's own that
 * tests/e2e/globalTeardown.ts removes; workers inherit them through the environment.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DB ??= join(process.env.E2E_DIR, 'sandbox.db');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// A second sandbox, for the specs that move the sandbox clock (`*.clock.spec.ts`, project
// `clock`): the first one is shared by every other spec and its clock must never move.
while (!process.env.E2E_CLOCK_PORT || process.env.E2E_CLOCK_PORT === process.env.E2E_PORT) {
  process.env.E2E_CLOCK_PORT = String(await freePort());
}
process.env.E2E_CLOCK_DB ??= join(process.env.E2E_DIR, 'clock-sandbox.db');
const clockBaseURL = `http://127.0.0.1:${process.env.E2E_CLOCK_PORT}`;

/** `npm start` on its own port and fresh database, as the journeys need it. */
function sandboxServer(port: string, dbFile: string, origin: string) {
  return {
    command: 'npm start',
    url: `${origin}/idc/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      SANDBOX_DB: dbFile,
      // Mailed links lead to the origin the browser uses (the sandbox never reads it from Host).
      SANDBOX_PUBLIC_URL: origin,
      // Builds take minutes for real; a few seconds keep the journeys short.
      SANDBOX_BUILD_SECONDS: '4',
      // Support answers a ticket message after this many seconds (the tickets journey waits for it).
      SANDBOX_SUPPORT_REPLY_SECONDS: '3',
      // Every journey registers its own customer from this one address; the per-address limit
      // (20 an hour by default, tested in server/platform/rateLimits.isolated.test.ts) would refuse the later ones.
      SANDBOX_REGISTRATIONS_PER_HOUR: '1000',
      // …and confirms it from the mailed link (20 tokens per 15 minutes and address by default).
      SANDBOX_LINK_ATTEMPTS_PER_15MIN: '1000',
      // Password resets from one address (10 an hour), the per-account caps and the rows an
      // account may add per hour (issue 20): the journeys share the demo accounts and this one
      // address, so they would reach them.
      SANDBOX_RESETS_PER_ADDRESS_PER_HOUR: '1000',
      SANDBOX_OPEN_TICKETS: '1000',
      SANDBOX_PENDING_ORDERS: '1000',
      SANDBOX_PENDING_PAYMENTS: '1000',
      SANDBOX_AGENCY_ACCOUNTS_PER_DAY: '1000',
      SANDBOX_CREATIONS_PER_HOUR: '10000',
      // Every answer is checked against the contract; tests/e2e/support.ts fails a test that gets
      // a mismatch (or a 501).
      SANDBOX_VALIDATE_RESPONSES: '1',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/globalTeardown.ts',
  fullyParallel: true,
  // Three workers on two cores: the journeys mostly wait (on the sandbox's simulated builds, on
  // support's reply), so a third one is 6.1 instead of 7.7 min idle, 7.4 instead of 9.2 loaded.
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  // A bound, not an expected duration: the longest journeys without a limit of their own take
  // 25–35 s on an idle 2-core machine, about twice that with every core kept busy.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'vi-VN',
    // The journeys run as a customer who asked the system for less motion (src/theme.ts): what
    // they check is the same, and Chromium no longer draws every frame of ripples, fades and
    // spinners: 15 % less CPU for the same specs (five specs: 249–251 → 207–218 CPU-s).
    // tests/e2e/motion.spec.ts checks both settings, keyboard.spec.ts runs with motion on.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: JOURNEY_CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: '**/*.clock.spec.ts',
    },
    {
      // Moves the sandbox clock, on a sandbox of its own. The clock only moves forward and every
      // move is seen by every spec of this project: a spec checks times against what it saw
      // before, and a file's tests run in order.
      name: 'clock',
      use: { browserName: 'chromium', baseURL: clockBaseURL },
      testMatch: '**/*.clock.spec.ts',
      fullyParallel: false,
      // One file at a time too: a spec reads the clock before and after its own move, and
      // another file's move in between (a month) would be counted as its own.
      workers: 1,
    },
  ],
  webServer: [
    sandboxServer(process.env.E2E_PORT, process.env.E2E_DB, baseURL),
    sandboxServer(process.env.E2E_CLOCK_PORT, process.env.E2E_CLOCK_DB, clockBaseURL),
  ],
});

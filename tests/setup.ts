import '@testing-library/jest-dom/vitest';

import { afterAll, afterEach, inject, vi } from 'vitest';

import { setPasswordHashCost } from '../server/platform/secrets';
import { noteServerDate } from '../src/api/serverClock';
import { collectSuccessfulOperations, writeSuccessfulOperations } from './support/contractCoverage';
import { failOnContractViolations, installContractGuard } from './support/contractGuard';
import { elementErrorPrintedWhenRead } from './support/elementErrorsPrintedWhenRead';
import { keepGeneratedStylesOutOfCascade } from './support/generatedStylesOutOfCascade';

// The sandboxes of the unit tests hash and check some 1,400 passwords: at scrypt's real cost
// (server/platform/secrets.ts) that was a twelfth of the run's CPU. The end-to-end runs and
// `npm start` keep the real cost; server/platform/secrets.test.ts checks it.
setPasswordHashCost(1024);

// Every call to the portal's API goes through the contract guard: a call the contract does not
// declare, a 501, or a call no sandbox answers fails the test that made it.
const uninstallContractGuard = installContractGuard();
afterEach(() => {
  failOnContractViolations();
});

// The portal's idea of the server's time (src/api/serverClock.ts) is module state: a test that
// moved the sandbox's clock must not leave the next test of the file with it.
afterEach(() => {
  noteServerDate(new Date().toUTCString());
});

// Most files share their worker's modules (vitest.config.ts): a file that faked the timers must
// not hand the next one a frozen clock.
afterAll(() => {
  vi.useRealTimers();
});

// Which operations answered 2xx, for the contract coverage check of the whole run.
const successfulOperations = collectSuccessfulOperations();
afterAll(() => {
  uninstallContractGuard();
  successfulOperations.stop();
  const dir = inject('contractCoverageDir');
  if (dir) writeSuccessfulOperations(dir, successfulOperations.seen());
});

if (typeof document !== 'undefined') {
  // Screens render the whole portal and wait for the in-process sandbox: on a loaded machine
  // that takes far longer than Testing Library's default second. A wait still ends as soon as
  // its condition holds; this only bounds how long a failing test takes to fail.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15000, getElementError: elementErrorPrintedWhenRead });
  keepGeneratedStylesOutOfCascade(window);
}

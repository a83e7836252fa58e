import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { messageSlices } from './vite.config.ts';
import WorkerReusingSequencer from './tests/support/workerReusingSequencer.ts';

/** Screen tests: the whole portal rendered in jsdom against an in-process sandbox. */
const SCREEN_TESTS = 'tests/unit/screens/**/*.test.tsx';
/** Every other test file of the unit layer. */
const UNIT_TESTS = [
  'src/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'tests/unit/**/*.test.{ts,tsx}',
];
/**
 * Test files that replace modules (vi.mock) or load a library that installs globals, and so need
 * a process of their own (tests/unit/testIsolation.test.ts).
 */
const ISOLATED_TESTS = ['{src,server,tests/unit}/**/*.isolated.test.{ts,tsx}'];

export default defineConfig({
  plugins: [react(), messageSlices()],
  test: {
    environment: 'node',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/idc/' } },
    // The contract's call shapes, parsed once per run and provided to every file.
    globalSetup: ['tests/globalSetup.ts'],
    setupFiles: ['tests/setup.ts'],
    // Fails a full run when an implemented operation never answered 2xx in any test.
    reporters: ['default', './tests/support/contractCoverageReporter.ts'],
    restoreMocks: true,
    // Queues a project's files of one environment together: Vitest keeps a worker only for a next
    // file of its project and environment, and starts (and imports) a new one otherwise.
    sequence: { sequencer: WorkerReusingSequencer },
    // One test file per core. Vitest's default keeps a core for itself, which on a 2-core CI
    // machine meant one file at a time (335 s); the files wait on their in-process sandbox and on
    // jsdom, and the main process needs little, so two at a time take 215 s there.
    maxWorkers: availableParallelism(),
    // Generous bounds, not expected durations: a test ends as soon as its waits are satisfied, and
    // a loaded machine (see README, "Test it") must not turn a slow pass into a failure.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A test's vi.stubGlobal / vi.stubEnv are undone after it: in a shared module graph (below)
    // the next file would otherwise inherit them.
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'screens',
          include: [SCREEN_TESTS],
          exclude: ISOLATED_TESTS,
          // The screen files share one module graph per worker instead of importing React,
          // MUI, react-admin and the sandbox afresh for each file: 38 % less CPU for the same
          // tests (342 → 213 s on the 2-core machine). Their state is reset per test: each
          // renders its own portal on its own sandbox, tests/setup.ts runs again for every file
          // and resets the module state the portal keeps (the server clock).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [SCREEN_TESTS, ...ISOLATED_TESTS],
          // Shared module graph too: the sandbox's and the contract's modules are imported once
          // per worker, not once per file (the sandbox's 67 files: 112 → 58 s). A file that
          // needs a process of its own (vi.mock, a library that installs globals) is named
          // *.isolated.test.* (tests/unit/testIsolation.test.ts holds every file to that).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED_TESTS,
        },
      },
    ],
  },
});

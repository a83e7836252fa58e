import { availableParallelism } from 'node:os';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { messageSlices } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), messageSlices()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/idc/' } },
    setupFiles: ['tests/setup.ts'],
    // Fails a full run when an implemented operation never answered 2xx in any test.
    reporters: ['default', './tests/support/contractCoverageReporter.ts'],
    restoreMocks: true,
    // One test file per core. Vitest's default keeps a core for itself, which on a 2-core CI
    // machine meant one file at a time (335 s); the files wait on their in-process sandbox and on
    // jsdom, and the main process needs little, so two at a time take 215 s there.
    maxWorkers: availableParallelism(),
    // Generous bounds, not expected durations: a test ends as soon as its waits are satisfied, and
    // a loaded machine (see README, "Test it") must not turn a slow pass into a failure.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { messageSlices } from './vite.config';

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
    // Generous bounds, not expected durations: a test ends as soon as its waits are satisfied, and
    // a loaded machine (see README, "Test it") must not turn a slow pass into a failure.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

import { rmSync } from 'node:fs';

/**
 * Removes the run's sandbox databases (playwright.config.ts): each run's pair, with their
 * write-ahead logs, was some 6 MB left in the system's temporary folder for good. Playwright runs
 * this before it stops the sandboxes, which keep their open files until they exit.
 */
export default function removeSandboxDatabases() {
  const folder = process.env.E2E_DIR;
  if (folder) rmSync(folder, { recursive: true, force: true });
}

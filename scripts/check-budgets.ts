/**
 * The byte budgets and chunk rules of docs/performance.md, checked in CI without a browser:
 * builds the portal into a temporary folder (never `dist/`) and fails when a budget is exceeded,
 * when the login page's chunks hold a library of the signed-in portal, or when a resource's page
 * is no longer a lazily loaded chunk of its own. `npm run bench` measures the times as well.
 *
 *   npx tsx scripts/check-budgets.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { printChecks, runChecks } from './bench/checks';
import { buildPortal } from './bench/portalBuild';

const outDir = mkdtempSync(join(tmpdir(), 'portal-budgets-'));
try {
  const { results } = runChecks(await buildPortal(outDir));
  console.log('Performance budgets (docs/performance.md):');
  printChecks(results);
  const failed = results.filter((result) => !result.passed);
  if (failed.length > 0) {
    console.error(
      `${failed.length} budget check(s) failed: ${failed.map((r) => r.name).join('; ')}`,
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The byte budgets and chunk rules of docs/performance.md, checked in CI without a browser: fails
 * when a budget is exceeded, when the login page's chunks hold a library of the signed-in portal,
 * or when a resource's page is no longer a lazily loaded chunk of its own. It builds the portal
 * into a temporary folder (never `dist/`), or checks a folder already built by `npm run build`,
 * as `npm run test:e2e` does. `npm run bench` measures the times as well.
 *
 *   npm run check:budgets
 *   npm run check:budgets -- --dist dist
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { printChecks, runChecks } from './bench/checks';
import { buildPortal, readPortalBuild } from './bench/portalBuild';

const distArgument = process.argv.indexOf('--dist');
const builtDir = distArgument > 0 ? process.argv[distArgument + 1] : undefined;
if (distArgument > 0 && !builtDir) throw new Error('--dist takes the folder of a build, e.g. dist');

const outDir = builtDir ? resolve(builtDir) : mkdtempSync(join(tmpdir(), 'portal-budgets-'));
try {
  const portal = builtDir ? readPortalBuild(outDir) : await buildPortal(outDir);
  const { results } = runChecks(portal);
  console.log(`Performance budgets (docs/performance.md) of ${builtDir ?? 'a fresh build'}:`);
  printChecks(results);
  const failed = results.filter((result) => !result.passed);
  if (failed.length > 0) {
    console.error(
      `${failed.length} budget check(s) failed: ${failed.map((r) => r.name).join('; ')}`,
    );
    process.exitCode = 1;
  }
} finally {
  if (!builtDir) rmSync(outDir, { recursive: true, force: true });
}

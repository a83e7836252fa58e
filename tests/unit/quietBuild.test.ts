/**
 * The first `npm start` builds the portal (server/start.ts) and prints what Vite prints at the
 * `warn` level. A newcomer reads any "(!)" there as a failure: the build must print nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const outDir = mkdtempSync(join(tmpdir(), 'quiet-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('builds the portal without a warning', async () => {
  const vite = join('node_modules', 'vite', 'bin', 'vite.js');
  const { stdout, stderr } = await run(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { env: { ...process.env, NO_COLOR: '1' } },
  );
  expect(`${stdout}${stderr}`.trim()).toBe('');
});

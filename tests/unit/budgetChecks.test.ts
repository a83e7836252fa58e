/**
 * The rules `npm run check:budgets` enforces, on a small made-up build: each must fail on the
 * graph that breaks it and name what broke it, so a change to scripts/bench cannot silently stop
 * a rule from firing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { runChecks } from '../../scripts/bench/checks';
import type { BuiltChunk, PortalBuild } from '../../scripts/bench/portalBuild';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function chunk(file: string, source: string | null, modules: string[], imports: string[] = []) {
  const isEntry = source === 'index.html' || source === FIRST_DATA_SCRIPT;
  return { file, source, isEntry, imports, modules } as BuiltChunk;
}

const FIRST_DATA_SCRIPT = 'src/firstData/starter.ts';

/** A build of twelve chunks; `changes` adds modules to one of them by file name. */
function portalBuild(changes: Record<string, string[]> = {}): PortalBuild {
  const outDir = mkdtempSync(join(tmpdir(), 'budget-checks-'));
  folders.push(outDir);
  mkdirSync(join(outDir, 'assets'));
  const chunks = [
    // The first-data script, an entry of its own, listed first as a build may list it.
    chunk('assets/firstData.js', FIRST_DATA_SCRIPT, [FIRST_DATA_SCRIPT], ['assets/earlyCalls.js']),
    chunk('assets/earlyCalls.js', null, ['src/firstData/earlyCalls.ts']),
    chunk('assets/index.js', 'index.html', ['src/main.tsx', 'src/Root.tsx']),
    chunk(
      'assets/LoginPage.js',
      'src/pages/public/LoginPage.tsx',
      ['src/pages/public/LoginPage.tsx'],
      ['assets/index.js'],
    ),
    chunk(
      'assets/App.js',
      'src/App.tsx',
      ['src/App.tsx', 'src/resources/volume/index.ts'],
      ['assets/index.js'],
    ),
    chunk(
      'assets/DashboardPage.js',
      'src/pages/DashboardPage.tsx',
      ['src/pages/DashboardPage.tsx'],
      ['assets/App.js'],
    ),
    chunk(
      'assets/VolumeList.js',
      'src/resources/volume/VolumeList.tsx',
      ['src/resources/volume/VolumeList.tsx'],
      ['assets/App.js', 'assets/ResourceList.js'],
    ),
    chunk(
      'assets/ServerList.js',
      'src/resources/cloud-server/ServerList.tsx',
      ['src/resources/cloud-server/ServerList.tsx'],
      ['assets/App.js', 'assets/ResourceList.js'],
    ),
    chunk('assets/ResourceList.js', null, ['src/components/ResourceList.tsx'], ['assets/App.js']),
    // The portal's messages: imported by nobody statically, awaited before any signed-in screen.
    chunk('assets/portal.js', 'virtual:messages/vi/portal', ['virtual:messages/vi/portal']),
    chunk(
      'assets/ServerDetailPage.js',
      'src/resources/cloud-server/ServerDetailPage.tsx',
      ['src/resources/cloud-server/ServerDetailPage.tsx'],
      ['assets/App.js'],
    ),
    chunk(
      'assets/BillingPage.js',
      'src/pages/billing/BillingPage.tsx',
      ['src/pages/billing/BillingPage.tsx'],
      ['assets/App.js'],
    ),
  ];
  for (const one of chunks) {
    one.modules.push(...(changes[one.file] ?? []));
    writeFileSync(join(outDir, one.file), `export const modules = ${JSON.stringify(one.modules)};`);
  }
  return { outDir, chunks: new Map(chunks.map((one) => [one.file, one])) };
}

const failed = (portal: PortalBuild) =>
  runChecks(portal)
    .results.filter((result) => !result.passed)
    .map((result) => ({ name: result.name, problems: result.problems }));

describe('the budget checks', () => {
  it('pass a build that keeps every rule', () => {
    expect(failed(portalBuild())).toEqual([]);
  });

  it('name the router, MUI or react-admin module the login page would download', () => {
    const problems = failed(
      portalBuild({
        'assets/index.js': ['node_modules/react-router/dist/production/index.mjs'],
        'assets/LoginPage.js': ['node_modules/@mui/material/Button/Button.js'],
      }),
    );
    expect(problems).toEqual([
      {
        name: expect.stringContaining('login page loads no react-router, @mui'),
        problems: [
          'react-router: 1 modules, e.g. node_modules/react-router/dist/production/index.mjs in assets/index.js',
          '@mui: 1 modules, e.g. node_modules/@mui/material/Button/Button.js in assets/LoginPage.js',
        ],
      },
    ]);
  });

  it('name a resource page that the signed-in first load would hold', () => {
    const problems = failed(
      portalBuild({ 'assets/App.js': ['src/resources/volume/VolumeCreatePage.tsx'] }),
    );
    expect(problems).toEqual([
      {
        name: expect.stringContaining("holds no resource's list/create/detail page"),
        problems: [
          'src/resources/volume/VolumeCreatePage.tsx is in assets/App.js: load it with lazy() instead',
        ],
      },
    ]);
  });

  it("count each daily screen's first load: entry, App, messages, its chunk and their static imports", () => {
    const { screens } = runChecks(portalBuild());
    const serverList = screens.find((one) => one.budget.screen === 'server list');
    expect(serverList?.load.chunks.map((one) => one.file).sort()).toEqual([
      'assets/App.js',
      'assets/ResourceList.js',
      'assets/ServerList.js',
      'assets/index.js',
      'assets/portal.js',
    ]);
    expect(screens.map((one) => one.budget.screen)).toEqual([
      'server list',
      "server's page",
      'volume list',
      'balance history',
    ]);
  });

  it('name the daily screen whose first load is over its budget, and its largest chunks', () => {
    const portal = portalBuild({
      'assets/ResourceList.js': Array.from({ length: 40 }, (_, n) => `src/components/Part${n}.tsx`),
    });
    const { results } = runChecks(portal, [
      { screen: 'server list', source: 'src/resources/cloud-server/ServerList.tsx', kb: 0.3 },
      {
        screen: "server's page",
        source: 'src/resources/cloud-server/ServerDetailPage.tsx',
        kb: 1,
      },
    ]);
    const failures = results.filter((result) => !result.passed);
    expect(failures.map((result) => result.name)).toEqual([
      'server list first load JavaScript (gzip -9)',
    ]);
    expect(failures[0]?.limit).toBe('≤ 0.3 KB');
    expect(failures[0]?.problems).toEqual([
      expect.stringMatching(
        /^entry \+ App \+ messages \+ ServerList: 5 chunks, largest assets\/ResourceList\.js /,
      ),
    ]);
  });

  it('count the first-data script apart, and fail it past its budget', () => {
    // Module names nothing compresses well: a few kilobytes of them.
    const bulk = Array.from(
      { length: 1200 },
      (_, index) =>
        `src/firstData/${(index * 7919).toString(36)}${Math.sin(index).toString(36).slice(3, 12)}.ts`,
    );
    const grown = runChecks(portalBuild({ 'assets/earlyCalls.js': bulk }));
    const failure = grown.results.find((result) => !result.passed);
    expect(failure?.name).toBe('first-data script, waited for by no page (gzip -9)');
    expect(failure?.problems).toEqual([
      expect.stringMatching(/^first-data script: 2 chunks, largest assets\/earlyCalls\.js /),
    ]);
  });

  it('count only the chunks loaded before the page, gzipped', () => {
    const { login, signedIn } = runChecks(portalBuild());
    expect(login.chunks.map((one) => one.file).sort()).toEqual([
      'assets/LoginPage.js',
      'assets/index.js',
    ]);
    expect(signedIn.chunks.map((one) => one.file).sort()).toEqual([
      'assets/App.js',
      'assets/DashboardPage.js',
      'assets/index.js',
      'assets/portal.js',
    ]);
    expect(login.gzipKb).toBeGreaterThan(0);
    expect(login.gzipKb).toBeLessThan(signedIn.gzipKb);
  });
});

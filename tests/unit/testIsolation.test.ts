/**
 * Most test files share one process and module graph per worker (vitest.config.ts,
 * `isolate: false`): a module is evaluated once for all of them. A file that replaces modules
 * (vi.mock and the like) would then get the copy an earlier file loaded, or hand its replacement
 * to the next file; one that loads a library which installs globals hands them to every later
 * file (pdfjs-dist's legacy build defines `Iterator` on Node 20, after which jsdom can no longer
 * create a window that runs scripts). Such a file must be named *.isolated.test.* and runs in a
 * process of its own. And a file named so must need it: an isolated file costs a fresh import of
 * everything it reaches.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const NEEDS_ITS_OWN_PROCESS = new RegExp(
  [
    /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|importActual)\(/.source,
    // Libraries that install globals when loaded.
    /from 'pdfjs-dist\//.source,
  ].join('|'),
);
const ISOLATED_NAME = /\.isolated\.test\.tsx?$/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => relative(root, join(root, dir, file)));
}

const testFiles = ['src', 'server', 'tests/unit'].flatMap(testFilesUnder);

/** The test files whose module replacing does not match their name. */
function misnamed(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ path, text }) => NEEDS_ITS_OWN_PROCESS.test(text) !== ISOLATED_NAME.test(path))
    .map(({ path }) => path);
}

describe('test isolation', () => {
  it('finds the test files', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    expect(testFiles).toContain('tests/unit/testIsolation.test.ts');
  });

  it('names *.isolated.test.* exactly the files that replace modules or install globals', () => {
    // Not this file: its examples below would read as the real thing.
    const files = testFiles
      .filter((path) => path !== 'tests/unit/testIsolation.test.ts')
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(misnamed(files)).toEqual([]);
  });

  it('tells a shared file that mocks, and an isolated file that does not', () => {
    const call = (name: string, args = '') => `vi.${name}(${args});`;
    expect(
      misnamed([
        { path: 'src/a.test.ts', text: call('mock', "'./config'") },
        { path: 'src/b.test.tsx', text: call('resetModules') },
        { path: 'src/c.isolated.test.ts', text: "it('adds', () => {});" },
        { path: 'src/d.isolated.test.ts', text: call('mock', "'./secrets', factory") },
        { path: 'src/e.test.ts', text: call('spyOn', "console, 'error'") },
        { path: 'server/f.test.ts', text: "import { getDocument } from 'pdfjs-dist/legacy';" },
        { path: 'server/g.isolated.test.ts', text: "import * as pdf from 'pdfjs-dist/legacy';" },
      ]),
    ).toEqual(['src/a.test.ts', 'src/b.test.tsx', 'src/c.isolated.test.ts', 'server/f.test.ts']);
  });
});

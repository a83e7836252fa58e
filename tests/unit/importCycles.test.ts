/**
 * Imports form no circle (docs/architecture.md): no file of the portal or the sandbox imports,
 * directly or through others, a file that imports it back. Type-only imports count too, so a
 * module's row types live below the modules that use them. And the sandbox's areas import only
 * downward (the order of the areas in eslint.config.js, whose boundary rule checks it too);
 * an area's tests may use the whole sandbox. The made-up files below prove the checks see a
 * circle or an upward import.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { importCycles, importGraph, upwardImports } from './importCycles';

const root = join(__dirname, '..', '..');

/**
 * The sandbox's areas from the bottom up, as eslint.config.js ranks them: its ORDERED_AREAS, then
 * every other folder of server/ (a new resource's area) in alphabetical order, then `sandbox`.
 */
function serverAreas(): string[] {
  const config = readFileSync(join(root, 'eslint.config.js'), 'utf8');
  const list = /const ORDERED_AREAS = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  const ordered = [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]!);
  const added = readdirSync(join(root, 'server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => !ordered.includes(name) && name !== 'sandbox')
    .sort();
  return [...ordered, ...added, 'sandbox'];
}

describe('the import graph', () => {
  it('has no circle in src/ and server/, type-only imports included', () => {
    const graph = importGraph(root, ['server', 'src'], true);
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server/billing/orders.ts')).toContain('server/billing/orderRows.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('has no import from a sandbox area to one above it, the tests of an area excepted', () => {
    const areas = serverAreas();
    expect(areas.slice(0, 2)).toEqual(['platform', 'auth']);
    const graph = importGraph(root, ['server'], true);
    const code = new Map([...graph].filter(([file]) => !/\.test\.ts$/.test(file)));
    expect(upwardImports(code, areas)).toEqual([]);
  });

  describe('on made-up files', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(scratch, 'case-'));
      mkdirSync(join(dir, 'code'));
      for (const [name, text] of Object.entries(files)) {
        writeFileSync(join(dir, 'code', name), `${text}\n`);
      }
      return dir;
    };

    it('reports a circle through three files as its path', () => {
      const dir = write({
        'a.ts': "import { b } from './b';\nexport const a = () => b;",
        'b.ts': "export { c as b } from './c';",
        'c.ts':
          "import type { A } from './d';\nimport { a } from './a';\nexport const c = (x: A) => a ?? x;",
        'd.ts': 'export type A = number;',
      });
      expect(importCycles(importGraph(dir, ['code'], true))).toEqual([
        'code/a.ts → code/b.ts → code/c.ts → code/a.ts',
      ]);
    });

    it('counts a type-only import, and can leave it out', () => {
      const dir = write({
        'rows.ts':
          "import { insert } from './store';\nexport interface Row { id: number }\nexport const make = insert;",
        'store.ts':
          "import type { Row } from './rows';\nexport const insert = (row: Row) => row.id;",
        'apart.tsx': "import { make } from './rows';\nexport const Apart = () => make;",
      });
      expect(importCycles(importGraph(dir, ['code'], true))).toEqual([
        'code/rows.ts → code/store.ts → code/rows.ts',
      ]);
      expect(importCycles(importGraph(dir, ['code'], false))).toEqual([]);
    });

    it('reports an import from a lower area to a higher one, or to the composition', () => {
      const graph = new Map([
        ['server/app.ts', ['server/top/a.ts']],
        ['server/low/a.ts', ['server/low/b.ts', 'server/top/a.ts']],
        ['server/low/b.ts', ['server/app.ts']],
        ['server/top/a.ts', ['server/low/b.ts']],
      ]);
      expect(upwardImports(graph, ['low', 'top'])).toEqual([
        'server/low/a.ts → server/top/a.ts',
        'server/low/b.ts → server/app.ts',
      ]);
    });

    it('passes files that import only downward', () => {
      const dir = write({
        'top.ts':
          "import { low } from './low';\nimport { mid } from './mid';\nexport const top = low + mid;",
        'mid.ts': "import { low } from './low';\nexport const mid = low;",
        'low.ts': 'export const low = 1;',
      });
      expect(importCycles(importGraph(dir, ['code'], true))).toEqual([]);
    });
  });
});

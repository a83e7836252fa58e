/**
 * Imports form no circle (docs/architecture.md): no file of the portal or the sandbox imports,
 * directly or through others, a file that imports it back. Type-only imports count too, so a
 * module's row types live below the modules that use them. The made-up files below prove the
 * check sees a circle and names its path.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { importCycles, importGraph } from './importCycles';

const root = join(__dirname, '..', '..');

describe('the import graph', () => {
  it('has no circle in src/ and server/, type-only imports included', () => {
    const graph = importGraph(root, ['server', 'src'], true);
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server/orders.ts')).toContain('server/orderRows.ts');
    expect(importCycles(graph)).toEqual([]);
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

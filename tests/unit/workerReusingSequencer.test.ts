/**
 * The order test files are queued in (vitest.config.ts): a worker of a shared module graph is kept
 * for the next file only when that file is of its project and environment, so a project's jsdom
 * and node files must not alternate.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';

import WorkerReusingSequencer, { environmentOf } from '../support/workerReusingSequencer';

const dir = mkdtempSync(join(tmpdir(), 'sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A test file on disk, `size` bytes long, asking for `environment` when given. */
function testFile(name: string, size: number, environment?: string): string {
  const path = join(dir, name);
  const head = environment ? `// @vitest-environment ${environment}\n` : '';
  writeFileSync(path, head + 'x'.repeat(size));
  return path;
}

function spec(project: string, moduleId: string): TestSpecification {
  const config = { environment: 'node', isolate: false, sequence: { groupOrder: 0 } };
  return { project: { name: project, config }, moduleId } as unknown as TestSpecification;
}

/** Vitest's context as its base sequencer reads it: no results of earlier runs, the files' sizes. */
function vitestWithoutHistory(): Vitest {
  const fileOf = (key: string) => join(dir, key.slice(key.indexOf(':') + 1));
  return {
    config: { root: dir },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: statSync(fileOf(key)).size }),
    },
  } as unknown as Vitest;
}

describe('the queue of test files', () => {
  it('keeps each project’s files of one environment together, larger files first in each', async () => {
    const files = {
      node900: testFile('n900.test.ts', 900),
      dom800: testFile('d800.test.ts', 800, 'jsdom'),
      node700: testFile('n700.test.ts', 700),
      dom600: testFile('d600.test.ts', 600, 'jsdom'),
      node500: testFile('n500.test.ts', 500),
      screen400: testFile('s400.test.ts', 400, 'jsdom'),
      screen300: testFile('s300.test.ts', 300, 'jsdom'),
    };
    const specs = [
      spec('unit', files.node500),
      spec('screens', files.screen300),
      spec('unit', files.dom600),
      spec('unit', files.node900),
      spec('screens', files.screen400),
      spec('unit', files.dom800),
      spec('unit', files.node700),
    ];

    const queue = await new WorkerReusingSequencer(vitestWithoutHistory()).sort(specs);

    expect(queue.map((file) => `${file.project.name} ${file.moduleId}`)).toEqual([
      `screens ${files.screen400}`,
      `screens ${files.screen300}`,
      `unit ${files.node900}`,
      `unit ${files.node700}`,
      `unit ${files.node500}`,
      `unit ${files.dom800}`,
      `unit ${files.dom600}`,
    ]);
  });

  it('reads the environment a file asks for, and falls back to its project’s', () => {
    expect(environmentOf(testFile('asks.test.ts', 10, 'jsdom'), 'node')).toBe('jsdom');
    expect(environmentOf(testFile('plain.test.ts', 10), 'node')).toBe('node');
  });
});

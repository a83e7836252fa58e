/**
 * The recipe "a new resource" (docs/architecture.md), followed literally: in a copy of the
 * repository, scripts/new-resource.ts adds a resource of named records to every layer, and the
 * result must pass what `npm test` asks of any change — the contract's lint and examples, the
 * generated types, ESLint and Prettier, the typecheck, the import rules, both languages — and the
 * tests the scaffold wrote (its sandbox area's and its screens'). If the code moves on and the
 * recipe does not, this fails.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

import { namesFrom, scaffoldResource } from '../../scripts/new-resource';

const run = promisify(execFile);
const repository = join(dirname(fileURLToPath(import.meta.url)), '../..');
const copy = mkdtempSync(join(tmpdir(), 'new-resource-recipe-'));

afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Runs a command in the copy; a failure shows its output. */
async function inCopy(command: string, args: string[]) {
  try {
    return await run(command, args, {
      cwd: copy,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'test' },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  }
}

describe('the recipe "a new resource"', () => {
  it('gives a resource that passes lint, the typecheck and its own tests', async () => {
    // The working tree as it is (tracked and new files), with the installed packages.
    const { stdout } = await run(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard'],
      {
        cwd: repository,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const files = stdout.split('\n').filter(Boolean);
    await Promise.all(
      files.map((file) => cp(join(repository, file), join(copy, file), { force: true })),
    );
    symlinkSync(join(repository, 'node_modules'), join(copy, 'node_modules'));

    const written = await scaffoldResource(
      copy,
      namesFrom({
        name: 'note',
        plural: 'notes',
        api: '/support/notes',
        labelVi: 'Ghi chú',
        labelEn: 'Notes',
      }),
    );
    expect(written).toEqual(
      expect.arrayContaining([
        'openapi/openapi.yaml',
        'server/notes/index.ts',
        'src/resources/note/index.ts',
        'src/portalResources.ts',
        'src/i18n/vi.ts',
        'src/i18n/en.ts',
      ]),
    );
    // Issue 18: its own folder, its sandbox area, the contract, one RESOURCES entry and the two
    // message files — nothing else (the sandbox and the import rules find the area's folder).
    const ownPlaces = [
      'openapi/openapi.yaml',
      'src/portalResources.ts',
      'src/i18n/vi.ts',
      'src/i18n/en.ts',
    ];
    expect(
      written.filter(
        (file) =>
          !ownPlaces.includes(file) &&
          !file.startsWith('server/notes/') &&
          !file.startsWith('src/resources/note/'),
      ),
    ).toEqual([]);
    expect(readFileSync(join(copy, 'src/portalResources.ts'), 'utf8')).toContain('  note,\n');

    await inCopy('npm', ['run', 'gen:api']);
    await inCopy('npx', ['redocly', 'lint', 'openapi/openapi.yaml']);
    await inCopy('npx', ['eslint', ...written.filter((file) => /\.(ts|tsx|js)$/.test(file))]);
    await inCopy('npx', ['prettier', '--check', ...written, 'src/api/schema.d.ts']);
    await inCopy('npm', ['run', 'typecheck']);
    const tests = await inCopy('npx', [
      'vitest',
      'run',
      'server/notes',
      'src/resources/note',
      'src/portalResources.test.ts',
      'src/i18n/messages.test.ts',
      'tests/unit/generatedTypes.test.ts',
      'tests/unit/contractExamples.test.ts',
      'tests/unit/importCycles.test.ts',
    ]);
    // The scaffold's own tests ran: its sandbox area's and its screens'.
    expect(tests.stdout).toMatch(/server\/notes\/noteHandlers\.test\.ts/);
    expect(tests.stdout).toMatch(/src\/resources\/note\/note\.test\.tsx/);
  }, 600_000);
});

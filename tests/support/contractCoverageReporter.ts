/**
 * A Vitest reporter that fails a full unit run when an operation the sandbox implements (a key
 * of its handler table) never answered 2xx in any test. Runs of a subset of the test files
 * (`npx vitest run some.test.ts`) are not judged: they cannot be expected to reach everything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Reporter, TestModule, Vitest } from 'vitest/node';

import { handlers } from '../../server/handlers';
import { COVERAGE_DIR_KEY, readSuccessfulOperations } from './contractCoverage';

/** The implemented operations no test reached with a success answer. */
export function unreachedOperations(implemented: string[], reached: Set<string>): string[] {
  return implemented.filter((operationId) => !reached.has(operationId)).sort();
}

export default class ContractCoverageReporter implements Reporter {
  private vitest: Vitest | undefined;
  private dir = '';

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.dir = mkdtempSync(join(tmpdir(), 'contract-coverage-'));
    vitest.provide(COVERAGE_DIR_KEY, this.dir);
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const vitest = this.vitest;
    if (!vitest) return;
    try {
      const everyFile = await vitest.globTestSpecifications();
      const wholeRun = testModules.length >= everyFile.length && !vitest.config.testNamePattern;
      if (!wholeRun) return;
      const implemented = Object.keys(handlers);
      const unreached = unreachedOperations(implemented, readSuccessfulOperations(this.dir));
      if (unreached.length) {
        process.exitCode = 1;
        vitest.logger.error(
          `\nContract coverage: ${unreached.length} of the ${implemented.length} implemented ` +
            `operations never answered 2xx in any test:\n  ${unreached.join('\n  ')}\n`,
        );
      } else {
        vitest.logger.log(
          `Contract coverage: all ${implemented.length} implemented operations answered 2xx.`,
        );
      }
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

/** Once per Vitest run, in its main process: what every test file needs and may not recompute. */
import type { TestProject } from 'vitest/node';

import { loadContract } from '../server/platform/contract';
import { CONTRACT_CALLS_KEY } from './support/contractCalls';

export default function setup(project: TestProject): void {
  const contract = loadContract();
  project.provide(CONTRACT_CALLS_KEY, {
    apiPrefix: contract.apiPrefix,
    operations: contract.operations.map((operation) => ({
      method: operation.method,
      path: operation.path,
      queryNames: operation.queryParameters.map((parameter) => parameter.name),
    })),
  });
}

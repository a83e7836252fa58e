/**
 * The calls the contract allows, as the unit layer's contract guard checks them: method, path
 * and query parameter names of each operation. Read from openapi/openapi.yaml once per run, in
 * Vitest's main process (tests/globalSetup.ts), and handed to every test file with `inject`: a
 * test file then starts without parsing the contract (≈ 0.45 s a file, 165 files).
 */
import { inject } from 'vitest';

export const CONTRACT_CALLS_KEY = 'contractCalls';

export interface ContractCalls {
  apiPrefix: string;
  operations: { method: string; path: string; queryNames: string[] }[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    [CONTRACT_CALLS_KEY]: ContractCalls;
  }
}

/** In a test file: the calls provided for this run. */
export function providedContractCalls(): ContractCalls {
  const calls = inject(CONTRACT_CALLS_KEY);
  if (!calls) throw new Error('tests/globalSetup.ts did not provide the contract calls');
  return calls;
}

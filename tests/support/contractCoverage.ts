/**
 * Which operations of the contract the unit layer reached with a success answer.
 * Each test file (a worker of its own) subscribes to the answers of every sandbox app that
 * checks its answers against the contract, and writes the operations it saw to a folder the
 * reporter (contractCoverageReporter.ts) created for the run; the reporter adds them up.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ANSWERED_CHANNEL, type AnsweredOperation } from '../../server/platform/answeredChannel';

/** The key under which the reporter provides the run's folder to the test files. */
export const COVERAGE_DIR_KEY = 'contractCoverageDir';

declare module 'vitest' {
  export interface ProvidedContext {
    [COVERAGE_DIR_KEY]: string | undefined;
  }
}

/**
 * Starts collecting: `seen` lists the operations seen answering 2xx so far, `stop` ends it (the
 * files of a worker share the channel, so each file stops its own listener when it ends).
 */
export function collectSuccessfulOperations(): { seen: () => string[]; stop: () => void } {
  const seen = new Set<string>();
  const listener = (message: unknown) => {
    const { operationId, statusCode } = message as AnsweredOperation;
    if (operationId && statusCode >= 200 && statusCode < 300) seen.add(operationId);
  };
  subscribe(ANSWERED_CHANNEL, listener);
  return {
    seen: () => [...seen].sort(),
    stop: () => unsubscribe(ANSWERED_CHANNEL, listener),
  };
}

export function writeSuccessfulOperations(dir: string, operationIds: string[]): void {
  if (!operationIds.length) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${randomUUID()}.json`), JSON.stringify(operationIds));
}

export function readSuccessfulOperations(dir: string): Set<string> {
  const seen = new Set<string>();
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return seen;
  }
  for (const file of files) {
    for (const id of JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[]) seen.add(id);
  }
  return seen;
}

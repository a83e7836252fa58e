import { readFileSync } from 'node:fs';

import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ENVIRONMENT_COMMENT = /@(?:vitest|jest)-environment\s+([\w./-]+)/;

/** The environment a test file asks for in its first lines, or its project's. */
export function environmentOf(file: string, projectEnvironment: string): string {
  const head = readFileSync(file, 'utf8').slice(0, 2000);
  return ENVIRONMENT_COMMENT.exec(head)?.[1] ?? projectEnvironment;
}

/**
 * Vitest's order (project by project, the longest or largest files first), with each project's
 * files of one environment queued together. A worker of a shared module graph (`isolate: false`)
 * is kept for the next file only when that file is of its project and environment; otherwise
 * Vitest ends it and starts another, which imports React, MUI, react-admin and the sandbox
 * again. In Vitest's own order the unit project's jsdom and node files alternate, and a run
 * started 48 workers where this order starts 13.
 */
export default class WorkerReusingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const environment = environmentOf(spec.moduleId, spec.project.config.environment);
      const group = `${spec.project.name} ${environment}`;
      const members = groups.get(group) ?? [];
      members.push(spec);
      groups.set(group, members);
    }
    // In the order each group's first file had; inside a group, Vitest's order.
    return [...groups.values()].flat();
  }
}

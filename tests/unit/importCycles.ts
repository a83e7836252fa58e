/**
 * The import graph of the code, built with the TypeScript compiler's own parser and module
 * resolution, and the circles in it (docs/architecture.md: imports form no circle).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

/** Every .ts/.tsx file under `folders` of `root`, as absolute paths. */
function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(path);
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return files.sort();
}

/** Whether an import or export declaration loads its module at run time (not `import type`). */
function loadsAtRunTime(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const clause = node.exportClause;
    return !(
      clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return true; // a side-effect import
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || !bindings.elements.every((e) => e.isTypeOnly);
}

/**
 * The run-time import graph of the files under `folders`: each file (relative to `root`) maps to
 * the files it imports statically. Type-only imports are left out unless `withTypes`.
 */
export function importGraph(
  root: string,
  folders: string[],
  withTypes = false,
): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const host = ts.createCompilerHost(options);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root, folders)) {
    const text = ts.sys.readFile(file) ?? '';
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const targets = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      if (!withTypes && !loadsAtRunTime(statement)) continue;
      const resolved = ts.resolveModuleName(specifier.text, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = relative(root, resolved.resolvedFileName);
      if (target.startsWith('..') || target.endsWith('.d.ts')) continue;
      targets.add(target);
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/**
 * The circles of `graph`: one per strongly connected group of files that import each other
 * (directly or through others), each shown as one path that returns to its start, e.g.
 * `a.ts → b.ts → a.ts`.
 */
export function importCycles(graph: Map<string, string[]>): string[] {
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return groups.map((group) => {
    // The shortest way from the group's first file back to itself, inside the group.
    const members = new Set(group);
    const start = group[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let end: string | undefined;
    while (queue.length > 0 && end === undefined) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          end = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = end!; node !== start; node = previous.get(node)!) path.splice(1, 0, node);
    const more = group.length - path.length;
    return `${[...path, start].join(' → ')}${more > 0 ? ` (with ${group.length} files in the circle: ${group.join(', ')})` : ''}`;
  });
}

/**
 * Imports from one area of the sandbox to an area above it: `areas` names the folders of
 * `server/` from the bottom up, and the files directly in `server/` (the composition) sit above
 * them all. Each is shown as `importer → imported`.
 */
export function upwardImports(graph: Map<string, string[]>, areas: readonly string[]): string[] {
  const rank = (file: string): number | undefined => {
    const parts = file.split('/');
    if (parts[0] !== 'server') return undefined;
    return parts.length === 2 ? areas.length : areas.indexOf(parts[1]!);
  };
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = rank(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = rank(target);
      if (to !== undefined && to > from) upward.push(`${file} → ${target}`);
    }
  }
  return upward.sort();
}

/**
 * Builds the portal into a folder of its own (never `dist/`, which the e2e tests serve) and
 * answers its chunk graph: which chunk imports which statically, and which modules each holds.
 * The graph is the bundler's own output, the same one Vite writes to its manifest, plus the module
 * ids of each chunk, so a check can name the module that made a chunk grow.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuiltChunk {
  /** Path inside the output folder, e.g. `assets/LoginPage-1a2b3c.js`. */
  file: string;
  /** The module the chunk is named after, relative to the project, e.g. `src/App.tsx`. */
  source: string | null;
  isEntry: boolean;
  /** Chunks this one imports statically (they load before it runs). */
  imports: string[];
  /** Every module bundled into the chunk, relative to the project. */
  modules: string[];
}

export interface PortalBuild {
  outDir: string;
  chunks: Map<string, BuiltChunk>;
}

interface OutputChunkShape {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  moduleIds?: string[];
}

const projectPath = (id: string) => relative(PROJECT_ROOT, id.replace(/^\0/, ''));

export async function buildPortal(outDir: string): Promise<PortalBuild> {
  const result = await build({
    root: PROJECT_ROOT,
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    // The figures are the output; the build's own warnings belong to `npm run build`.
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output?: OutputChunkShape[];
  }[];
  const chunks = new Map<string, BuiltChunk>();
  for (const item of outputs.flatMap((output) => output.output ?? [])) {
    if (item.type !== 'chunk') continue;
    chunks.set(item.fileName, {
      file: item.fileName,
      source: item.facadeModuleId ? projectPath(item.facadeModuleId) : null,
      isEntry: Boolean(item.isEntry),
      imports: item.imports ?? [],
      modules: (item.moduleIds ?? []).map(projectPath),
    });
  }
  if (chunks.size === 0) throw new Error('The build produced no JavaScript chunk');
  return { outDir, chunks };
}

export function entryChunk(portal: PortalBuild): BuiltChunk {
  const entry = [...portal.chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  return entry;
}

/** The chunk a lazily imported module (e.g. `src/pages/public/LoginPage.tsx`) starts. */
export function chunkOf(portal: PortalBuild, source: string): BuiltChunk {
  const chunk = [...portal.chunks.values()].find((candidate) => candidate.source === source);
  if (!chunk)
    throw new Error(`No chunk starts at ${source}: was it renamed, or not lazy any more?`);
  return chunk;
}

/** The chunks given and every chunk they import statically, directly or not. */
export function staticClosure(portal: PortalBuild, start: BuiltChunk[]): BuiltChunk[] {
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, chunk);
    for (const file of chunk.imports) {
      const imported = portal.chunks.get(file);
      if (imported) visit(imported);
    }
  };
  start.forEach(visit);
  return [...seen.values()];
}

/** Bytes of the chunks' files compressed with gzip -9, as a server would send them. */
export function gzipBytes(portal: PortalBuild, chunks: BuiltChunk[]): number {
  return chunks.reduce(
    (total, chunk) =>
      total + gzipSync(readFileSync(join(portal.outDir, chunk.file)), { level: 9 }).length,
    0,
  );
}

/** 1 KB = 1000 bytes, as Vite and the issue count. */
export const kilobytes = (bytes: number) => bytes / 1000;

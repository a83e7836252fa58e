/**
 * Builds the portal into a folder of its own (never `dist/`, which the e2e tests serve), or reads
 * a folder already built, and answers its chunk graph (chunkGraph.ts): which chunk imports which
 * statically, and which modules each holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

import { CHUNK_GRAPH_FILE, type BuiltChunk } from './chunkGraph';

export type { BuiltChunk };

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface PortalBuild {
  outDir: string;
  chunks: Map<string, BuiltChunk>;
}

export async function buildPortal(outDir: string): Promise<PortalBuild> {
  await build({
    root: PROJECT_ROOT,
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    // The figures are the output; the build's own warnings belong to `npm run build`.
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return readPortalBuild(outDir);
}

/** A folder `vite build` wrote with this project's vite.config.ts (e.g. `dist`). */
export function readPortalBuild(outDir: string): PortalBuild {
  const graphFile = join(outDir, CHUNK_GRAPH_FILE);
  if (!existsSync(graphFile)) {
    throw new Error(
      `${graphFile} is missing: is ${outDir} a build of this portal (npm run build)?`,
    );
  }
  const chunks = JSON.parse(readFileSync(graphFile, 'utf8')) as BuiltChunk[];
  if (chunks.length === 0) throw new Error('The build produced no JavaScript chunk');
  return { outDir, chunks: new Map(chunks.map((chunk) => [chunk.file, chunk])) };
}

/** The portal's entry: index.html's script, src/main.tsx. */
export function entryChunk(portal: PortalBuild): BuiltChunk {
  return entryOf(portal, 'index.html');
}

/** The first-data script's entry (src/firstData/starter.ts), which index.html lists too. */
export function firstDataChunk(portal: PortalBuild): BuiltChunk {
  return entryOf(portal, 'src/firstData/starter.ts');
}

function entryOf(portal: PortalBuild, source: string): BuiltChunk {
  const entry = [...portal.chunks.values()].find(
    (chunk) => chunk.isEntry && chunk.source === source,
  );
  if (!entry) throw new Error(`The build has no entry chunk of ${source}`);
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

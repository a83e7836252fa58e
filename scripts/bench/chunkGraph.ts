/**
 * The build's chunk graph, written into the build as `.vite/chunk-graph.json` (beside Vite's own
 * manifest, and like it never precompressed): which chunk imports which statically, and which
 * modules each holds. It is the bundler's own output, so the budget checks can read any build,
 * `npm run build`'s `dist/` included, and name the module that made a chunk grow.
 */
import { relative } from 'node:path';

import type { Plugin } from 'vite';

export const CHUNK_GRAPH_FILE = '.vite/chunk-graph.json';

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

export function chunkGraph(projectRoot: string): Plugin {
  const projectPath = (id: string) => relative(projectRoot, id.replace(/^\0/, ''));
  return {
    name: 'idc-chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                source: output.facadeModuleId ? projectPath(output.facadeModuleId) : null,
                isEntry: output.isEntry,
                imports: output.imports,
                modules: output.moduleIds.map(projectPath),
              },
            ]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_GRAPH_FILE,
        source: JSON.stringify(chunks),
      });
    },
  };
}

import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

import { chunkGraph } from './scripts/bench/chunkGraph.ts';
import { en } from './src/i18n/en.ts';
import type { MessageTree } from './src/i18n/interpolate.ts';
import {
  MESSAGE_SLICE_AREAS,
  pickMessages,
  SANDBOX_ONLY_MESSAGE_AREAS,
  withoutAreas,
} from './src/i18n/messageSlices.ts';
import { vi } from './src/i18n/vi.ts';

const VIRTUAL_MESSAGES =
  /^virtual:messages\/(vi|en)\/(portal|public|register|verify|sign_in_code|first_data)$/;
const MESSAGE_FILES: Record<string, MessageTree> = { vi, en };

/**
 * `import messages from 'virtual:messages/vi/public'`: the public pages' slice of vi.ts (or
 * en.ts), so the first download carries only those messages; `…/register` the register page's own;
 * `…/portal` all but what only the sandbox says (SANDBOX_ONLY_MESSAGE_AREAS). vi.ts and en.ts stay the only place
 * a message is written; Vite restarts the dev server when they change, as for any config import.
 */
export function messageSlices(): Plugin {
  return {
    name: 'idc-message-slices',
    resolveId: (id) => (VIRTUAL_MESSAGES.test(id) ? `\0${id}` : undefined),
    load(id) {
      const match = VIRTUAL_MESSAGES.exec(id.replace(/^\0/, ''));
      if (!match || !id.startsWith('\0')) return undefined;
      const messages = MESSAGE_FILES[match[1] as string] as MessageTree;
      const slice =
        match[2] === 'portal'
          ? withoutAreas(messages, SANDBOX_ONLY_MESSAGE_AREAS)
          : pickMessages(messages, MESSAGE_SLICE_AREAS[match[2] as string] ?? []);
      return `export default ${JSON.stringify(slice)};`;
    },
  };
}

const require = createRequire(import.meta.url);
/** The phone input's flags (country-flag-icons, a dependency of react-phone-number-input). */
const FLAGS_DIR = join(
  dirname(
    require.resolve('country-flag-icons/package.json', {
      paths: [dirname(require.resolve('react-phone-number-input/package.json'))],
    }),
  ),
  '3x2',
);
const FLAG_FILE = /^[A-Z]{2}(-[A-Z0-9]+)?\.svg$/;

/**
 * The phone input's country flags served by the portal itself at /idc/flags/XX.svg, not by a
 * third-party site at run time: copied into the build, and served from node_modules in dev.
 */
function phoneFlags(): Plugin {
  return {
    name: 'idc-phone-flags',
    configureServer(server) {
      server.middlewares.use('/idc/flags/', (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        if (!FLAG_FILE.test(name)) return next();
        response.setHeader('content-type', 'image/svg+xml');
        createReadStream(join(FLAGS_DIR, name))
          .on('error', () => next())
          .pipe(response);
      });
    },
    generateBundle() {
      for (const name of readdirSync(FLAGS_DIR).filter((file) => FLAG_FILE.test(file))) {
        this.emitFile({
          type: 'asset',
          fileName: `flags/${name}`,
          source: readFileSync(join(FLAGS_DIR, name)),
        });
      }
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|woff|ttf)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli (.br) and gzip (.gz) copies beside every text asset of the build, made once at the
 * highest levels, so the server sends them without compressing per request (`npm start`:
 * @fastify/static preCompressed; nginx: brotli_static / gzip_static). A copy that would not be
 * smaller (an already compressed font) is not written.
 */
function precompress(): Plugin {
  return {
    name: 'idc-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir as string;
      const files = Object.keys(bundle).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The product name in index.html's first paint, from the same setting as the app's. */
function productNameInHtml(): Plugin {
  let productName = 'IDC Cloud';
  return {
    name: 'idc-product-name',
    configResolved(config) {
      productName = config.env.VITE_PRODUCT_NAME?.trim() || productName;
    },
    transformIndexHtml: {
      order: 'pre', // before Vite's own %VITE_…% replacement, which warns about unknown names
      handler: (html) => html.replaceAll('%PRODUCT_NAME%', escapeHtml(productName)),
    },
  };
}

const LOGIN_PAGE = join(import.meta.dirname, 'src/pages/public/LoginPage.tsx');
const ENTRY = join(import.meta.dirname, 'src/main.tsx');
const SOURCE_DIR = join(import.meta.dirname, 'src/');

/**
 * Everything the login page needs beyond the entry goes in one chunk, "public". Left alone, the
 * bundler puts each module in a chunk per set of pages sharing it: nine small files for the
 * login page, which compress worse than one and each cost a request.
 */
function publicChunkName(): (id: string, context: Rolldown.ChunkingContext) => string | null {
  let members: Set<string> | undefined;
  const staticClosure = (start: string, context: Rolldown.ChunkingContext) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || !id.startsWith(SOURCE_DIR)) return;
      seen.add(id);
      context.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(start);
    return seen;
  };
  return (id, context) => {
    if (!members) {
      const entry = staticClosure(ENTRY, context);
      members = new Set([...staticClosure(LOGIN_PAGE, context)].filter((m) => !entry.has(m)));
      members.delete(LOGIN_PAGE);
    }
    return members.has(id) ? 'public' : null;
  };
}

/**
 * The login page's code is asked for with the page (<link rel="modulepreload">), not after the
 * entry has run: one round trip less before the form is usable. Apart from the page's own chunk
 * (under 1 KB) it is code the signed-in portal needs as well.
 */
function preloadLoginPage(): Plugin {
  let base = '/';
  return {
    name: 'idc-preload-login-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle = {} }) {
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const files = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          chunk.imports.forEach((file) => visit(chunks.get(file)));
        };
        visit([...chunks.values()].find((chunk) => chunk.facadeModuleId === LOGIN_PAGE));
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const FIRST_DATA_SCRIPT = 'src/firstData/starter.ts';

/**
 * The first-data script (src/firstData/starter.ts) as an entry of its own, listed in index.html
 * before the portal's entry with `async`: Vite would bundle every script of index.html into one
 * entry, and the portal's code must not wait for it nor it for the portal's (issue 21).
 */
function firstDataScript(): Plugin {
  let base = '/';
  let building = false;
  return {
    name: 'idc-first-data-script',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle = {} }) {
        const built = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' &&
            output.isEntry &&
            output.facadeModuleId?.endsWith(FIRST_DATA_SCRIPT),
        );
        const src = building ? built && base + built.fileName : `${base}${FIRST_DATA_SCRIPT}`;
        if (!src) throw new Error(`The build has no chunk of ${FIRST_DATA_SCRIPT}`);
        // Its own imports (the calls it shares with the portal's boot) come in the same moment.
        const imports = built?.type === 'chunk' ? built.imports : [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head' as const,
          },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  base: '/idc/',
  plugins: [
    react(),
    messageSlices(),
    phoneFlags(),
    productNameInHtml(),
    preloadLoginPage(),
    firstDataScript(),
    precompress(),
    chunkGraph(import.meta.dirname),
  ],
  build: {
    // Every browser the portal supports knows <link rel="modulepreload">: no polyfill to download.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      input: { index: 'index.html', firstData: FIRST_DATA_SCRIPT },
      output: {
        // Seven hash characters (the fewest Rolldown takes for this many chunks), not eight: the
        // entry carries the name of every file the signed-in app preloads (Vite's
        // __vite__mapDeps), and the login page's budget pays for each of them.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          groups: [
            {
              name: publicChunkName(),
              debugName: 'public pages',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      // ws: the web console's WebSocket (/api/v1/console/ws) goes through the same proxy.
      '/api/v1': { target: `http://localhost:${process.env.PORT ?? 8080}`, ws: true },
      '/sandbox': `http://localhost:${process.env.PORT ?? 8080}`,
    },
  },
});

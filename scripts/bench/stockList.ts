/**
 * The stock react-admin 5 list of issue 21 (scripts/bench/stock/main.tsx), built with the
 * project's Vite in production mode into a temporary folder and served from a server of its own
 * on 127.0.0.1 as the portal is served: precompressed (brotli, gzip) copies, fingerprinted assets
 * cached for a year, index.html revalidated. It answers `GET /api/users` with 1000 generated
 * users, paged the way ra-data-simple-rest asks (`range=[0,9]`, `sort=["id","ASC"]`) and counted
 * in the Content-Range header it reads.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';

export const STOCK_ROWS = 1000;
/** The list's first page, where `<Admin>` sends the browser for its only resource. */
export const STOCK_LIST_PATH = '/#/users';
export const STOCK_API_PATH = '/api/users';

const STOCK_MAIN = join(dirname(fileURLToPath(import.meta.url)), 'stock', 'main.tsx');

/**
 * The page a Vite + react-admin project starts from. It is written into the build's own folder
 * rather than kept beside main.tsx, so the portal's `vite` dev server, which reads every
 * index.html of the project for dependencies, never sees the stock app.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Stock react-admin</title>
  </head>
  <body>
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script type="module" src="${STOCK_MAIN}"></script>
  </body>
</html>
`;

/** Builds the stock list into `workDir`/dist and answers that folder. */
export async function buildStockList(workDir: string): Promise<string> {
  const root = join(workDir, 'src');
  const outDir = join(workDir, 'dist');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  await build({
    configFile: false,
    root,
    base: '/',
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  precompress(outDir);
  return outDir;
}

/** .br and .gz beside each text file, at the levels the portal's build uses. */
function precompress(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  }
}

interface StockUser {
  id: number;
  name: string;
  username: string;
  email: string;
  phone: string;
  company: { name: string };
}

const FIRST = [
  'Leanne',
  'Ervin',
  'Clementine',
  'Patricia',
  'Chelsey',
  'Dennis',
  'Kurtis',
  'Nicholas',
];
const LAST = [
  'Graham',
  'Howell',
  'Bauch',
  'Lebsack',
  'Dietrich',
  'Schulist',
  'Weissnat',
  'Runolfsdottir',
];
const COMPANY = [
  'Romaguera-Crona',
  'Deckow-Crist',
  'Robel-Corkery',
  'Keebler LLC',
  'Considine-Lockman',
];

/** JSONPlaceholder-like users, the tutorial's data, made up deterministically. */
export function stockUsers(count = STOCK_ROWS): StockUser[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length] as string;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length] as string;
    return {
      id: index + 1,
      name: `${first} ${last}`,
      username: `${first.toLowerCase()}${index + 1}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${index + 1}@example.com`,
      phone: `1-770-736-${String(8000 + index).padStart(4, '0')}`,
      company: { name: COMPANY[index % COMPANY.length] as string },
    };
  });
}

const parse = <T>(text: unknown, fallback: T): T => {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

export interface StockServer {
  origin: string;
  stop: () => Promise<void>;
}

export async function serveStockList(builtDir: string): Promise<StockServer> {
  const users = stockUsers();
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root: builtDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'cache-control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get(STOCK_API_PATH, (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const [field, order] = parse<[string, string]>(query.sort, ['id', 'ASC']);
    const [start, end] = parse<[number, number]>(query.range, [0, 9]);
    const key = field as keyof StockUser;
    const sorted = [...users].sort((a, b) => {
      const compared = String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true });
      return order === 'DESC' ? -compared : compared;
    });
    const page = sorted.slice(start, end + 1);
    return reply
      .header('content-range', `users ${start}-${start + page.length - 1}/${users.length}`)
      .header('cache-control', 'no-store')
      .send(page);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

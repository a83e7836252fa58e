/** `npm start`: build the portal if needed, then serve it and the sandbox API on one port. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readConfig } from './config';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(projectRoot, 'dist');

const config = readConfig();
const portalBuilt = portalIsCurrent() || (await buildPortal());

const app = await buildApp({
  dbFile: config.dbFile,
  publicUrl: config.publicUrl,
  staticDir: portalBuilt ? distDir : undefined,
  buildSeconds: config.buildSeconds,
  serverQuota: config.serverQuota,
  validateResponses: config.validateResponses,
  sessions: config.sessions,
  rateLimits: config.rateLimits,
  accountLimits: config.accountLimits,
  liveChatScriptUrl: config.liveChatScriptUrl,
  cardGateway: config.cardGateway,
  usdRate: config.usdRate,
  supportReplySeconds: config.supportReplySeconds,
  seller: config.seller,
  lifePolicy: config.lifePolicy,
  logger: { level: 'warn' },
});
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`Listening on ${config.host}:${port}${exposureNote(config.host)}`);
console.log(`Portal:  http://localhost:${port}/idc/`);
console.log(`API:     http://localhost:${port}/api/v1`);
console.log(`Outbox:  http://localhost:${port}/sandbox`);
console.log(
  '         The outbox is a development tool: it shows every mail sent, password-reset links',
);
console.log('         included, to anyone who can reach this address. Never expose it publicly.');
console.log(`Mailed links point to ${config.publicUrl}`);
console.log(`Database: ${config.dbFile}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Closing the app also closes the database (see buildApp).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

function exposureNote(host: string): string {
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  return loopback
    ? ' (this machine only; HOST=0.0.0.0 exposes it to the network)'
    : ' (reachable from the network: so is the outbox)';
}

/** The build is current when dist/index.html is newer than every source it is made from. */
function portalIsCurrent(): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const sources = [join(projectRoot, 'index.html'), join(projectRoot, 'vite.config.ts')];
  return newestChange([join(projectRoot, 'src'), ...sources]) <= builtAt;
}

function newestChange(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stats = statSync(path);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) {
      newest = Math.max(newest, newestChange(readdirSync(path).map((name) => join(path, name))));
    }
  }
  return newest;
}

/** Answers whether dist/index.html exists afterwards; a broken portal still leaves the API up. */
async function buildPortal(): Promise<boolean> {
  console.log('Building the portal (dist/ is missing or older than its sources)…');
  try {
    const { build } = await import('vite');
    await build({
      root: projectRoot,
      configFile: join(projectRoot, 'vite.config.ts'),
      logLevel: 'warn',
    });
  } catch (error) {
    console.error('The portal did not build; serving the API only.', error);
  }
  return existsSync(join(distDir, 'index.html'));
}

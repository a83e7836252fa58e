/** Serves the built portal (the `dist` folder) under /idc, as a history-mode single-page app. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const PORTAL_BASE = '/idc/';

export async function registerPortal(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: PORTAL_BASE,
    wildcard: true,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent to a browser that
    // accepts them, with no compressing per request; other files and clients get the file as is.
    preCompressed: true,
    // The build's own bookkeeping (Vite's manifest, the chunk graph the budget check reads) is
    // not part of the portal.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    cacheControl: false,
    setHeaders: (res, path) => {
      // Vite fingerprints everything under assets/; index.html must always be asked for again.
      res.setHeader(
        'cache-control',
        /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same address answers brotli, gzip or plain by the request's accept-encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/', (_request, reply) => reply.redirect(PORTAL_BASE, 302));
  app.get(PORTAL_BASE.slice(0, -1), (_request, reply) => reply.redirect(PORTAL_BASE, 302));
}

/**
 * A route of the portal (e.g. /idc/cloud-server/12/detail) rather than a missing file: those get
 * index.html and the portal's router decides. Paths ending in a file name stay 404.
 */
export function isPortalRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (!path.startsWith(PORTAL_BASE)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

export function sendPortalIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

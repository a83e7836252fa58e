/** The sandbox API as a Fastify application, ready to `listen` or to `inject` in tests. */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_SERVER_QUOTA } from './config';
import { loadContract, registerOperations, validateResponsesAgainst } from './contract';
import { openDatabase } from './db';
import { errorReply, notFoundReply } from './errorReplies';
import { domainFieldProblems } from './fieldRules';
import type { HandlerTable } from './handler';
import { handlers as allHandlers } from './handlers';
import { localeFromHeader } from './i18n';
import { isPortalRoute, registerPortal, sendPortalIndex } from './portal';
import { registerSandboxPages } from './sandboxPages';
import { seedIfEmpty } from './seed';

export interface SandboxOptions {
  /** SQLite file, or ':memory:'. */
  dbFile: string;
  /** Origin for links in mails; by default the origin each request was sent to. */
  publicUrl?: string;
  /** The built portal; when given it is served at /idc and / redirects there. */
  staticDir?: string;
  /** Check every /api/v1 answer against the contract and turn a mismatch into a 500. */
  validateResponses?: boolean;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Seconds simulated provisioning takes. */
  buildSeconds?: number;
  /** Servers one account may hold, pending create orders included (default 10). */
  serverQuota?: number;
  /** Create the demo accounts in an empty database (default true). */
  seed?: boolean;
  /** Replaces the handler table; tests use it to leave an operation unimplemented. */
  handlers?: HandlerTable;
  /** Replaces openapi/openapi.yaml; tests of the contract machinery use a small fixture. */
  contractFile?: string;
}

export async function buildApp(options: SandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const db = openDatabase(options.dbFile);
  const app = Fastify({ logger: options.logger ?? false });
  app.addHook('onClose', async () => {
    db.close();
  });

  try {
    if (options.seed ?? true) await seedIfEmpty(db, now());

    // An empty body with a JSON content type counts as no body, as it does for the provider.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      return text.trim() === '' ? done(null, undefined) : parseJson(request, text, done);
    });

    app.setErrorHandler((error, request, reply) => {
      const { status, body } = errorReply(
        error,
        localeFromHeader(request.headers['accept-language']),
        (error as { validation?: unknown }).validation
          ? domainFieldProblems(request.routeOptions.config.operationId, request.body)
          : {},
      );
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      if (options.staticDir && isPortalRoute(request)) return sendPortalIndex(reply);
      const { status, body } = notFoundReply(localeFromHeader(request.headers['accept-language']));
      return reply.code(status).send(body);
    });

    const contract = loadContract(options.contractFile);
    if (options.validateResponses) validateResponsesAgainst(app, contract);
    registerOperations(app, contract, options.handlers ?? allHandlers, {
      db,
      now,
      buildSeconds: options.buildSeconds ?? 20,
      serverQuota: options.serverQuota ?? DEFAULT_SERVER_QUOTA,
      publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    });
    registerSandboxPages(app, db);
    if (options.staticDir) await registerPortal(app, options.staticDir);

    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

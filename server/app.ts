/** The sandbox API as a Fastify application, ready to `listen` or to `inject` in tests. */
import type { LifePolicy } from '../src/domain/serviceLife';
import AjvCompiler from '@fastify/ajv-compiler';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { DEFAULT_PUBLIC_URL, DEFAULT_SERVER_QUOTA } from './config';
import { loadContract, registerOperations, validateResponsesAgainst } from './platform/contract';
import { sandboxClock, sendSandboxTime } from './platform/clock';
import { openDatabase } from './platform/db';
import {
  answerClientError,
  errorReply,
  notFoundReply,
  refuseLongAddresses,
} from './platform/errorReplies';
import { domainFieldProblems } from './platform/fieldRules';
import { JsonTooDeepError, MAX_JSON_DEPTH, nestsDeeperThan } from './platform/jsonDepth';
import type { HandlerTable } from './platform/handler';
import { admissions, AREA_MIGRATIONS, connectAreas, handlers as allHandlers } from './handlers';
import { localeFromHeader } from './platform/i18n';
import { isPortalRoute, registerPortal, sendPortalIndex } from './platform/portal';
import { DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './platform/accountLimits';
import {
  DEFAULT_RATE_LIMITS,
  extraRateLimitHooks,
  passwordAttemptLimiter,
  registerRateLimitPlugin,
  routeRateLimits,
  type RateLimitSettings,
} from './platform/rateLimits';
import { scheduleLifecycleSweeps } from './billing/lifecycle';
import { registerSandboxClock } from './sandbox/sandboxClockPage';
import { registerSandboxPages } from './sandbox/sandboxPages';
import { registerGatewayPages } from './sandbox/gatewayPages';
import { DEFAULT_CARD_GATEWAY, type CardGatewaySettings } from './billing/gateways/cardGateway';
import { DEFAULT_USD_RATE } from './billing/gateways/paypalGateway';
import { DEFAULT_SELLER, recordSeller, type InvoiceSeller } from './billing/invoiceDocument';
import { registerPaypalPages } from './sandbox/paypalPages';
import { registerApiReferencePage } from './sandbox/apiReferencePage';
import { SECURITY_SCHEMES } from './auth/security';
import { withEmailHold } from './auth/emailHold';
import { forbidCachingOfPrivateAnswers } from './platform/security';
import { DEFAULT_SESSION_POLICY, deleteExpiredSessions, type SessionPolicy } from './auth/sessions';
import { registerSecurityHeaders } from './platform/securityHeaders';
import { seedIfEmpty } from './sandbox/seed';
import { registerConsoleSocket } from './compute/consoleSession';
import { DEFAULT_SUPPORT_REPLY_SECONDS } from './support/tickets';

export interface SandboxOptions {
  /** SQLite file, or ':memory:'. */
  dbFile: string;
  /** Origin for links in mails (default http://localhost:8080); never taken from a request. */
  publicUrl?: string;
  /** When session tokens expire (default: 30 days idle, 90 days at most). */
  sessions?: SessionPolicy;
  /** Abuse limits; tests lower them (defaults in rateLimits.ts). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Open tickets, pending orders and payments per account, accounts per agency and day. */
  accountLimits?: Partial<AccountLimits>;
  /** The built portal; when given it is served at /idc and / redirects there. */
  staticDir?: string;
  /** Check every /api/v1 answer against the contract and turn a mismatch into a 500. */
  validateResponses?: boolean;
  /** The base time (default real time); the sandbox clock runs its stored offset ahead of it. */
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
  /** VITE_LIVECHAT_SCRIPT_URL of the served portal: its origin joins the portal's CSP. */
  liveChatScriptUrl?: string;
  /** The card gateway's merchant, access code and secret (default: the development ones). */
  cardGateway?: CardGatewaySettings;
  /** Dong per US dollar for PayPal top-ups (default 25500). */
  usdRate?: number;
  /** Seconds after a customer's ticket message until support answers it (default 20). */
  supportReplySeconds?: number;
  /** Renewal notice, grace and termination days (default DEFAULT_LIFE_POLICY). */
  lifePolicy?: LifePolicy;
  /** The seller invoices name (default DEFAULT_SELLER in invoiceDocument.ts). */
  seller?: InvoiceSeller;
}

/**
 * Fastify's own validator compilers (those of the sandbox's pages; the API's are contract.ts's),
 * one set per process: without it each app built — the tests build one per test — makes a new
 * Ajv and compiles its meta-schema again. Each page's schema is compiled once per process too
 * (Fastify hands the compiler a fresh copy of it for every app).
 */
const fastifyValidators = AjvCompiler();
const pageValidators = new Map<string, ReturnType<ReturnType<typeof fastifyValidators>>>();
const buildPageValidator: typeof fastifyValidators = (externalSchemas, options) => {
  const compile = fastifyValidators(externalSchemas, options);
  return (route) => {
    const key = `${route.httpPart} ${JSON.stringify(route.schema)}`;
    let validate = pageValidators.get(key);
    if (!validate) {
      validate = compile(route);
      pageValidators.set(key, validate);
    }
    return validate;
  };
};

export async function buildApp(options: SandboxOptions): Promise<FastifyInstance> {
  connectAreas();
  const db = openDatabase(options.dbFile, AREA_MIGRATIONS);
  recordSeller(db, options.seller ?? DEFAULT_SELLER);
  // Every now() of the app reads the sandbox clock: the base time plus how far a demo moved it.
  const clock = sandboxClock(db, options.now ?? (() => new Date()));
  const now = clock.now;
  const app = Fastify({
    logger: options.logger ?? false,
    schemaController: { compilersFactory: { buildValidator: buildPageValidator } },
    // The largest legitimate body (a ticket or an SSH key) is well under this.
    bodyLimit: 128 * 1024,
    // Path ids are integers; a longer segment gets the 414 below instead of reaching a route.
    routerOptions: { maxParamLength: 100 },
    // Errors raised before routing, or by Node's HTTP parser, answer in the contract's shape too.
    frameworkErrors: (error, request, reply) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const { status, body } = errorReply(error, locale);
      // Hooks do not run this early, helmet's included: nosniff is set here.
      return (reply as FastifyReply)
        .code(status)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
    clientErrorHandler: answerClientError,
  });
  app.addHook('onClose', async () => {
    db.close();
  });

  try {
    if (options.seed ?? true) await seedIfEmpty(db, now());
    const sessionPolicy = options.sessions ?? DEFAULT_SESSION_POLICY;
    deleteExpiredSessions(db, now(), sessionPolicy);
    scheduleLifecycleSweeps(app, db, now, options.lifePolicy);
    forbidCachingOfPrivateAnswers(app);
    sendSandboxTime(app, now);
    await registerSecurityHeaders(app, options.liveChatScriptUrl);
    // After the security headers' hook, so that the refusal carries them too.
    refuseLongAddresses(app);

    // An empty body with a JSON content type counts as no body, as it does for the provider.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      return parseJson(request, text, (error, parsed) =>
        !error && nestsDeeperThan(parsed, MAX_JSON_DEPTH)
          ? done(new JsonTooDeepError(), undefined)
          : done(error, parsed),
      );
    });
    // The API takes JSON only: a plain-text body is refused with 415 rather than parsed.
    app.removeContentTypeParser('text/plain');

    const contract = loadContract(options.contractFile);
    const requestBodySchemas = new Map(
      contract.operations.map((operation) => [
        operation.operationId,
        operation.requestBody?.schema,
      ]),
    );
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = errorReply(
        error,
        localeFromHeader(request.headers['accept-language']),
        (error as { validation?: unknown }).validation
          ? domainFieldProblems(
              requestBodySchemas.get(request.routeOptions.config.operationId ?? ''),
              request.body,
            )
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

    if (options.validateResponses) validateResponsesAgainst(app, contract);
    const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
    await registerRateLimitPlugin(app);
    registerOperations(app, contract, options.handlers ?? allHandlers, {
      db,
      now,
      buildSeconds: options.buildSeconds ?? 20,
      serverQuota: options.serverQuota ?? DEFAULT_SERVER_QUOTA,
      sessionPolicy,
      cardGateway: options.cardGateway ?? DEFAULT_CARD_GATEWAY,
      usdRate: options.usdRate ?? DEFAULT_USD_RATE,
      supportReplySeconds: options.supportReplySeconds ?? DEFAULT_SUPPORT_REPLY_SECONDS,
      accountLimits: { ...DEFAULT_ACCOUNT_LIMITS, ...options.accountLimits },
      publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
      rateLimits: routeRateLimits(rateLimits),
      securitySchemes: SECURITY_SCHEMES,
      passwordAttempts: passwordAttemptLimiter(app, rateLimits),
      preHandlers: extraRateLimitHooks(app, rateLimits),
      admissions: withEmailHold(admissions, contract.operations),
    });
    // The web console's WebSocket (issue 19): not a contract operation, its ticket is.
    await registerConsoleSocket(app, { db, now, sessionPolicy });
    registerSandboxPages(app, db, clock);
    registerSandboxClock(app, { db, clock, lifePolicy: options.lifePolicy });
    registerGatewayPages(app, { db, now, settings: options.cardGateway ?? DEFAULT_CARD_GATEWAY });
    registerPaypalPages(app, { db, now });
    registerApiReferencePage(app);
    if (options.staticDir) await registerPortal(app, options.staticDir);

    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * The contract (openapi/openapi.yaml) turned into Fastify routes: one route per operationId,
 * requests validated against it, and — when asked — every answer checked against it too.
 */
import { channel } from 'node:diagnostics_channel';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { parse } from 'yaml';
import Ajv2020, { type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ANSWERED_CHANNEL, type AnsweredOperation } from './answeredChannel';
import type { Admission } from './area';
import { ApiError } from './errors';
import { RULE_KEYWORD } from './fieldRules';
import { controlCharacterErrors, MULTILINE_KEYWORD } from './textRules';
import {
  Answer,
  FileAnswer,
  type ClientInfo,
  type HandlerContext,
  type HandlerTable,
  type OperationId,
  type SandboxServices,
} from './handler';
import { localeFromHeader, translator } from './i18n';
import { rememberMailLocale } from './mails';
import {
  authenticate,
  sessionTokenOf,
  type PasswordAttemptGuard,
  type SecuritySchemes,
  type SecurityRequirement,
} from './security';

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export const CONTRACT_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../..',
  'openapi/openapi.yaml',
);

export type JsonSchema = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As written in the contract, e.g. /billing/invoices/{id}/pay */
  path: string;
  /** As Fastify routes it, prefix included, e.g. /api/v1/billing/invoices/:id/pay */
  url: string;
  tags: string[];
  security: SecurityRequirement[];
  /** `x-session-only: true`: the account's own operations, refused to API tokens (403). */
  sessionOnly: boolean;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** Named as the contract writes them (`Idempotency-Key`); HTTP reads them in any case. */
  headerParameters: Parameter[];
  requestBody: { required: boolean; schema: JsonSchema } | undefined;
  /** Status code (or 4XX, default) → schema of the JSON body; null when there is no JSON body. */
  responses: Record<string, JsonSchema | null>;
  successStatus: number;
}

interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Contract {
  apiPrefix: string;
  operations: Operation[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

// OpenAPI keywords that only annotate; JSON Schema validators do not know them.
// `x-rule` names a field's domain rule (fieldRules.ts), applied when the schema refuses a body;
// `x-extension-of-spec` marks what spec §7 does not give (operations, parameters and fields).
const OPENAPI_ANNOTATIONS = [
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'x-extension-of-spec',
  RULE_KEYWORD,
  MULTILINE_KEYWORD,
];

const loaded = new Map<string, Contract>();

/** Parsed once per version of the file: tests build many apps. */
export function loadContract(file: string = CONTRACT_FILE): Contract {
  const version = `${file}@${statSync(file).mtimeMs}`;
  let contract = loaded.get(version);
  if (!contract) {
    contract = parseContract(file);
    loaded.set(version, contract);
  }
  return contract;
}

function parseContract(file: string): Contract {
  const document = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  const resolve = dereferencer(document);
  const apiPrefix = (document.servers?.[0]?.url ?? '/api/v1').replace(/\/+$/, '');
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolve(rawItem) as PathItem;
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const operation = raw as RawOperation;
      if (!operation.operationId)
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const parameters = mergeParameters(item.parameters ?? [], operation.parameters ?? []);
      const responses = Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, response]) => [
          status,
          jsonSchemaOf(response),
        ]),
      );
      const body = operation.requestBody;
      const bodySchema = body ? jsonSchemaOf(body) : null;
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        url: apiPrefix + path.replace(/\{([^}]+)\}/g, ':$1'),
        tags: operation.tags ?? [],
        security: operation.security ?? document.security ?? [],
        sessionOnly: operation['x-session-only'] === true,
        pathParameters: parameters.filter((p) => p.in === 'path').map(toParameter),
        queryParameters: parameters.filter((p) => p.in === 'query').map(toParameter),
        headerParameters: parameters.filter((p) => p.in === 'header').map(toParameter),
        requestBody: bodySchema
          ? { required: body?.required === true, schema: bodySchema }
          : undefined,
        responses,
        successStatus: Number(
          Object.keys(responses).find((status) => /^2\d\d$/.test(status)) ?? 200,
        ),
      });
    }
  }
  const ids = operations.map((op) => op.operationId);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`operationId ${duplicate} is used twice in the contract`);
  return { apiPrefix, operations };
}

/**
 * Registers every operation of the contract. Operations without a handler answer 501, so a
 * new area only has to add its handlers.
 */
export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: HandlerTable,
  services: SandboxServices & {
    /** Origin of the portal for mailed links: configured, never read from a request. */
    publicUrl: string;
    /** Request limits of some operations (see rateLimits.ts). */
    rateLimits?: Partial<Record<OperationId, RateLimitOptions>>;
    /** The contract's security schemes (auth/security.ts), by name. */
    securitySchemes: SecuritySchemes;
    /** Refuses wrong-password floods before hashing (see rateLimits.ts). */
    passwordAttempts?: (request: FastifyRequest, reply: FastifyReply) => PasswordAttemptGuard;
    /** Who may call an operation at all, asked right after authentication (area.ts). */
    admissions?: Partial<Record<OperationId, Admission>>;
    /** Limits beyond an operation's route limit, run before it (rateLimits.ts `extraRateLimitHooks`). */
    preHandlers?: Partial<
      Record<OperationId, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>
    >;
  },
): void {
  const known = new Set(contract.operations.map((op) => op.operationId));
  const stray = Object.keys(handlers).filter((id) => !known.has(id));
  if (stray.length)
    throw new Error(`Handlers for operations not in the contract: ${stray.join(', ')}`);

  for (const operation of contract.operations) {
    for (const requirement of operation.security) {
      for (const scheme of Object.keys(requirement)) {
        if (!Object.hasOwn(services.securitySchemes, scheme)) {
          throw new Error(`${operation.operationId} uses the unknown security scheme "${scheme}"`);
        }
      }
    }
    const handler = handlers[operation.operationId as keyof HandlerTable] as
      ((context: HandlerContext<never>) => unknown) | undefined;
    // Authenticate before the body is even read, so an anonymous caller gets 401 whatever it sent.
    const authenticateFirst = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await authenticate(services.securitySchemes, operation.security, {
        authorization: request.headers.authorization,
        db: services.db,
        now: services.now(),
        sessions: services.sessionPolicy,
        operation,
        guardPasswordAttempt: services.passwordAttempts?.(request, reply),
        client: clientOf(request),
      });
      request.userId = caller?.userId;
      request.viaApiToken = caller?.viaApiToken === true;
      services.admissions?.[operation.operationId as OperationId]?.({
        db: services.db,
        userId: request.userId,
        locale: localeFromHeader(request.headers['accept-language']),
      });
    };
    const rateLimit = services.rateLimits?.[operation.operationId as OperationId];
    if (!handler) {
      app.route({
        method: operation.method.toUpperCase(),
        url: operation.url,
        config: { operationId: operation.operationId },
        exposeHeadRoute: false,
        onRequest: authenticateFirst,
        handler: async () => {
          throw new ApiError(501, 'server.not_implemented');
        },
      });
      continue;
    }
    app.route({
      method: operation.method.toUpperCase(),
      url: operation.url,
      config: { operationId: operation.operationId, ...(rateLimit && { rateLimit }) },
      // HEAD is not in the contract; for GET /auth/otp_email it would even send a mail.
      exposeHeadRoute: false,
      schema: requestSchemas(operation),
      validatorCompiler: requestValidatorCompiler(operation),
      onRequest: authenticateFirst,
      ...(services.preHandlers?.[operation.operationId as OperationId] && {
        preHandler: services.preHandlers[operation.operationId as OperationId],
      }),
      handler: async (request, reply) => {
        const locale = localeFromHeader(request.headers['accept-language']);
        if (request.userId !== undefined && request.headers['accept-language']) {
          rememberMailLocale(services.db, request.userId, locale);
        }
        const context: HandlerContext<never> = {
          db: services.db,
          now: services.now,
          buildSeconds: services.buildSeconds,
          serverQuota: services.serverQuota,
          sessionPolicy: services.sessionPolicy,
          cardGateway: services.cardGateway,
          usdRate: services.usdRate,
          supportReplySeconds: services.supportReplySeconds,
          accountLimits: services.accountLimits,
          body: (request.body ?? undefined) as never,
          query: request.query as never,
          params: request.params as never,
          headers: Object.fromEntries(
            operation.headerParameters.flatMap(({ name }) => {
              const value = request.headers[name.toLowerCase()];
              return value === undefined ? [] : [[name, value]];
            }),
          ) as never,
          userId: request.userId,
          locale,
          t: translator(locale),
          origin: services.publicUrl,
          sessionToken: sessionTokenOf(request.headers.authorization),
          viaApiToken: request.viaApiToken,
          client: clientOf(request),
          log: request.log,
        };
        const result = await handler(context);
        if (result instanceof FileAnswer) {
          return reply
            .code(operation.successStatus)
            .type(result.contentType)
            .header('content-disposition', `attachment; filename="${result.filename}"`)
            .send(result.body);
        }
        return result instanceof Answer
          ? reply.code(result.status).send(result.body)
          : reply.code(operation.successStatus).send(result);
      },
    });
  }
}

/** The calling address and browser, for session lists and the activity log (never for links). */
function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { address: normalizeIP(request.ip), userAgent: userAgent?.slice(0, 512) };
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: number | undefined;
    /** The request was made with one of the account's API tokens, not a session's token. */
    viaApiToken: boolean;
  }
}

const answeredChannel = channel(ANSWERED_CHANNEL);

/** Turns on the check of every answer against the contract (tests do). */
export function validateResponsesAgainst(app: FastifyInstance, contract: Contract): void {
  // Compiled up front, so a broken schema anywhere in the contract fails the first test.
  for (const operation of contract.operations) {
    for (const schema of Object.values(operation.responses)) if (schema) responseValidator(schema);
  }
  const byId = new Map(contract.operations.map((op) => [op.operationId, op]));
  // Tests count which operations answered (tests/support/contractCoverage.ts); free otherwise.
  app.addHook('onResponse', async (request, reply) => {
    if (!answeredChannel.hasSubscribers) return;
    const answered: AnsweredOperation = {
      operationId: request.routeOptions.config.operationId ?? '',
      statusCode: reply.statusCode,
    };
    answeredChannel.publish(answered);
  });
  app.addHook(
    'preSerialization',
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const operation = byId.get(request.routeOptions.config.operationId ?? '');
      // 5xx answers are the sandbox's own (not implemented, crashed, or this very check).
      if (!operation || reply.statusCode >= 500) return payload;
      const problem = responseProblem(operation, reply.statusCode, payload);
      if (!problem) return payload;
      request.log.error({ payload }, `Response does not match the contract: ${problem}`);
      reply.code(500);
      return { message: `Response does not match the contract: ${problem}` };
    },
  );
}

/**
 * Refusals of the transport, before the operation runs, which the contract's description allows
 * every operation (413 body too large, 414 address too long, 415 not JSON); their body is still
 * the Error shape.
 */
const TRANSPORT_ERROR_STATUSES = new Set([413, 414, 415]);
/**
 * A 403 of the token scheme, which the contract's description allows every operation a token may
 * call: an API token's scope, or an operation marked `x-session-only`, refuses the call.
 */
const refusesApiTokens = (operation: Operation, statusCode: number) =>
  statusCode === 403 && operation.security.some((requirement) => 'tokenAuth' in requirement);
const TRANSPORT_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
  additionalProperties: false,
};

/**
 * What is wrong with `payload` as the answer `statusCode` of `operation`, or undefined when it
 * fits: the check every answer gets under `validateResponsesAgainst` (and the contract's examples
 * get in tests/unit/contractExamples.test.ts).
 */
export function responseProblem(operation: Operation, statusCode: number, payload: unknown) {
  const status = String(statusCode);
  const declared = [status, `${status[0]}XX`, 'default'].find((key) => key in operation.responses);
  if (
    declared === undefined &&
    (TRANSPORT_ERROR_STATUSES.has(statusCode) || refusesApiTokens(operation, statusCode))
  ) {
    const validate = responseValidator(TRANSPORT_ERROR_SCHEMA);
    return validate(payload) ? undefined : `${operation.operationId} ${status}: not an Error body`;
  }
  if (declared === undefined)
    return `status ${status} is not declared for ${operation.operationId}`;
  const schema = operation.responses[declared];
  if (!schema) return undefined;
  const validate = responseValidator(schema);
  if (validate(payload)) return undefined;
  const detail = responseAjv.errorsText(validate.errors, { dataVar: 'response' });
  return `${operation.operationId} ${status}: ${detail}`;
}

const compiledResponses = new WeakMap<JsonSchema, ValidateFunction>();

function responseValidator(schema: JsonSchema): ValidateFunction {
  let validate = compiledResponses.get(schema);
  if (!validate) {
    validate = responseAjv.compile(closeObjects(schema) as JsonSchema);
    compiledResponses.set(schema, validate);
  }
  return validate;
}

function requestSchemas(operation: Operation) {
  return {
    ...(operation.pathParameters.length && { params: objectOf(operation.pathParameters) }),
    ...(operation.queryParameters.length && { querystring: objectOf(operation.queryParameters) }),
    // Fastify hands headers over with lower-case names.
    ...(operation.headerParameters.length && {
      headers: objectOf(
        operation.headerParameters.map((p) => ({ ...p, name: p.name.toLowerCase() })),
      ),
    }),
    ...(operation.requestBody && { body: operation.requestBody.schema }),
  };
}

const coercingAjv = createAjv({ coerceTypes: 'array', useDefaults: true });
const strictAjv = createAjv({ coerceTypes: false, useDefaults: true });
// Checks answers as they are: no coercion, no defaults filled in.
const responseAjv = createAjv({ coerceTypes: false, useDefaults: false });

/**
 * Validators compiled once per process, by the schema they check: each app built (the tests build
 * one for nearly every test) would otherwise compile the contract's schemas again, and Ajv keeps
 * every copy it was given.
 */
const compiledRequests = new Map<string, ValidateFunction>();

function compileOnce(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  const key = `${ajv === coercingAjv ? 'coerced' : 'strict'} ${JSON.stringify(schema)}`;
  let validate = compiledRequests.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiledRequests.set(key, validate);
  }
  return validate;
}

/**
 * Path and query strings are coerced to the declared types; JSON bodies must match as sent, and
 * no string in them may hold a control or bidi character (textRules.ts), whatever the schema says.
 */
function requestValidatorCompiler(operation: Operation): FastifySchemaCompiler<JsonSchema> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return parameterValidator(schema);
    const check = compileOnce(strictAjv, schema);
    const optional = !operation.requestBody?.required;
    const validate = (data: unknown) => {
      // Fastify hands a missing body over as null; an optional body may be missing.
      const fits = (optional && data === null) || check(data);
      const refused = controlCharacterErrors(schema, data);
      const problems = [...refused, ...(fits ? [] : (check.errors ?? []))];
      validate.errors = problems.length ? problems : null;
      return fits && !refused.length;
    };
    validate.errors = null as ErrorObject[] | null | undefined;
    return validate;
  };
}

/** How the contract's integers are written in a path or a query: decimal, without "+" or 0s. */
const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Path and query parameters, coerced from their text to what the contract declares. An integer
 * written otherwise ("0x1", "1.0", "+1", "01"), which the coercion would still read as a
 * number, is refused: one record has one address.
 */
function parameterValidator(schema: JsonSchema) {
  const check = compileOnce(coercingAjv, schema);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  const validate = (data: unknown) => {
    const raw = (data ?? {}) as Record<string, unknown>;
    const written = integers
      .filter((name) => typeof raw[name] === 'string' && !DECIMAL_INTEGER.test(raw[name]))
      .map((name): ErrorObject => ({
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: '',
        params: { type: 'integer' },
      }));
    const fits = check(data);
    const problems = [...written, ...(fits ? [] : (check.errors ?? []))];
    validate.errors = problems.length ? problems : null;
    return fits && !written.length;
  };
  validate.errors = null as ErrorObject[] | null | undefined;
  return validate;
}

function objectOf(parameters: Parameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

function createAjv(options: Pick<Options, 'coerceTypes' | 'useDefaults'>) {
  const ajv = new Ajv2020({
    ...options,
    allErrors: true,
    removeAdditional: false,
    allowUnionTypes: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_ANNOTATIONS);
  return ajv;
}

/**
 * A copy of a response schema where objects allow no properties beyond those declared, so a
 * sandbox answer carrying undocumented fields fails the check instead of leaking into the portal.
 */
function closeObjects(schema: unknown, insideComposition = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => closeObjects(item));
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      copy[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, sub]) => [name, closeObjects(sub)]),
      );
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      copy[key] = (value as unknown[]).map((sub) => closeObjects(sub, true));
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') {
      copy[key] = value;
    } else {
      copy[key] = closeObjects(value);
    }
  }
  const describesObject =
    'properties' in copy || 'allOf' in copy || 'anyOf' in copy || 'oneOf' in copy;
  if (
    describesObject &&
    !insideComposition &&
    !('additionalProperties' in copy) &&
    !('unevaluatedProperties' in copy)
  ) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

// ---- reading the OpenAPI document ----

interface OpenApiDocument {
  servers?: { url: string }[];
  security?: SecurityRequirement[];
  paths?: Record<string, unknown>;
}
/** After dereferencing: no `$ref` left anywhere. */
type PathItem = Partial<Record<HttpMethod, RawOperation>> & { parameters?: RawParameter[] };
interface RawOperation {
  operationId?: string;
  'x-session-only'?: boolean;
  tags?: string[];
  security?: SecurityRequirement[];
  parameters?: RawParameter[];
  requestBody?: RawRequestBody;
  responses?: Record<string, WithContent>;
}
interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface WithContent {
  content?: Record<string, { schema?: JsonSchema }>;
}
type RawRequestBody = WithContent & { required?: boolean };

function mergeParameters(
  pathLevel: RawParameter[],
  operationLevel: RawParameter[],
): RawParameter[] {
  const key = (p: RawParameter) => `${p.in}:${p.name}`;
  const overridden = new Set(operationLevel.map(key));
  return [...pathLevel.filter((p) => !overridden.has(key(p))), ...operationLevel];
}

function toParameter(raw: RawParameter): Parameter {
  return {
    name: raw.name,
    required: raw.in === 'path' || raw.required === true,
    schema: raw.schema ?? {},
  };
}

function jsonSchemaOf(holder: WithContent): JsonSchema | null {
  const json = Object.entries(holder.content ?? {}).find(([type]) =>
    type.startsWith('application/json'),
  );
  return json?.[1].schema ?? null;
}

/** Replaces every local `$ref` by what it points at; each target is resolved once and shared. */
function dereferencer(document: unknown): (node: unknown) => unknown {
  const resolved = new Map<string, unknown>();
  const inProgress = new Set<string>();

  function follow(ref: string): unknown {
    const cached = resolved.get(ref);
    if (cached !== undefined) return cached;
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, not ${ref}`);
    if (inProgress.has(ref)) throw new Error(`Recursive $ref ${ref} is not supported`);
    inProgress.add(ref);
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      target =
        target && typeof target === 'object' ? (target as Record<string, unknown>)[key] : undefined;
      if (target === undefined) throw new Error(`$ref ${ref} points at nothing`);
    }
    const value = walk(target);
    inProgress.delete(ref);
    resolved.set(ref, value);
    return value;
  }

  function walk(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string') {
      const target = follow($ref);
      // OpenAPI 3.1 lets a $ref carry a summary or description beside it; keep them.
      return Object.keys(rest).length ? { ...(target as object), ...rest } : target;
    }
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, walk(value)]));
  }

  return walk;
}

/** Every failure becomes the contract's error body: `{ message, errors? }` in the caller's language. */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { Locale } from '../../src/domain/constants';
import { ApiError, type ErrorBody } from './errors';
import { CONTROL_CHARACTERS_KEYWORD } from './textRules';
import {
  localeFromHeader,
  translateAny,
  translator,
  type MessageKey,
  type Translate,
} from './i18n';

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/**
 * `domainProblems` (field → i18n key) are the domain's verdicts on a body the schema refused
 * (see fieldRules.ts): they name the problem better than the schema can.
 */
export function errorReply(
  error: unknown,
  locale: Locale,
  domainProblems: Record<string, string> = {},
): ErrorReply {
  const t = translator(locale);
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors);
    return {
      status: error.statusCode,
      body: {
        message: error.presetMessage ?? t(error.messageKey, error.params),
        ...(fields.length && {
          errors: Object.fromEntries(
            fields.map(([name, key]) => [
              name,
              translateAny(locale, key, key === error.messageKey ? error.params : undefined),
            ]),
          ),
        }),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    const isBody = fastifyError.validationContext === 'body';
    const schemaErrors = isBody ? fieldErrors(fastifyError.validation, locale) : {};
    // A refused character is the problem to name even where the domain's rule refuses the text.
    const refused = new Set(
      fastifyError.validation
        .filter((problem) => problem.keyword === CONTROL_CHARACTERS_KEYWORD)
        .map((problem) => fieldOf(problem.instancePath)),
    );
    const domain = Object.entries(isBody ? domainProblems : {})
      .filter(([field]) => !refused.has(field))
      .map(([field, key]) => [field, translateAny(locale, key)] as const);
    const errors = { ...schemaErrors, ...Object.fromEntries(domain) };
    return {
      status: 400,
      body: {
        message: validationMessage(domain[0]?.[1], Object.values(errors), t),
        ...(Object.keys(errors).length && { errors }),
      },
    };
  }
  // Fastify's own client errors: malformed JSON, unsupported content type, body too large…
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { message: t(clientErrorKey(status, fastifyError)) } };
  }
  return { status: 500, body: { message: t('server.internal_error') } };
}

/**
 * One short sentence of our own: the domain's verdict, else the only field's problem, else a
 * pointer to the marked fields. The validator's English never reaches the message.
 */
function validationMessage(
  domainProblem: string | undefined,
  fieldProblems: string[],
  t: Translate,
): string {
  if (domainProblem) return domainProblem;
  const [onlyProblem] = fieldProblems;
  if (fieldProblems.length === 1 && onlyProblem) return onlyProblem;
  return t(fieldProblems.length ? 'server.invalid_fields' : 'server.invalid_request');
}

/** Statuses Fastify or Node's HTTP parser answer before any handler runs. */
const CLIENT_ERROR_KEYS: Partial<Record<number, MessageKey>> = {
  408: 'server.request_timeout',
  413: 'server.payload_too_large',
  414: 'server.uri_too_long',
  415: 'server.unsupported_media_type',
  431: 'server.headers_too_large',
};

function clientErrorKey(status: number, error: Partial<FastifyError>): MessageKey {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'server.malformed_json';
  }
  if (error.code === 'SANDBOX_JSON_TOO_DEEP') return 'server.json_too_deep';
  return CLIENT_ERROR_KEYS[status] ?? 'server.invalid_request';
}

/**
 * Node counts the request line in its header limit (16 KB): when that line alone fills the limit,
 * the address is what is too long (414), not the headers.
 */
function requestLineOverflowed(rawPacket: unknown): boolean {
  // Node hands over a Buffer (Fastify's type says otherwise). Only a packet that starts the
  // request shows where its first line ends.
  if (!Buffer.isBuffer(rawPacket) || !/^[A-Z]+ /.test(rawPacket.toString('latin1', 0, 16))) {
    return false;
  }
  const lineEnd = rawPacket.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > MAX_ADDRESS_LENGTH;
}

/** The longest address answered: past it, 414 before anything reads the request. */
export const MAX_ADDRESS_LENGTH = 8 * 1024;

/**
 * 414 for an address over MAX_ADDRESS_LENGTH. Node refuses a request whose address and headers
 * pass its header limit (16 KB) before any hook runs: `answerClientError` says 414 there too
 * when the packet that overflowed holds the whole long first line.
 */
export function refuseLongAddresses(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if ((request.raw.url ?? '').length > MAX_ADDRESS_LENGTH) {
      throw Object.assign(new Error('The address is too long'), { statusCode: 414 });
    }
  });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers too large,
 * malformed, too slow) before Fastify saw it, so the answer is written to the socket by hand.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // The client is gone; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? requestLineOverflowed(error.rawPacket)
        ? 414
        : 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const message = translator(localeInRawRequest(error.rawPacket))(clientErrorKey(status, {}));
  const body = JSON.stringify({ message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** The language asked for in the bytes Node could not parse, when the header is among them. */
function localeInRawRequest(rawPacket: unknown): Locale {
  const text = Buffer.isBuffer(rawPacket) ? rawPacket.toString('latin1') : '';
  return localeFromHeader(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text)?.[1]);
}

export function notFoundReply(locale: Locale): ErrorReply {
  return { status: 404, body: { message: translator(locale)('server.not_found') } };
}

function fieldErrors(problems: readonly Partial<ErrorObject>[], locale: Locale) {
  const t = translator(locale);
  const errors: Record<string, string> = {};
  for (const problem of chosenBranch(problems)) {
    const path = fieldOf(problem.instancePath);
    const params = (problem.params ?? {}) as Record<string, unknown>;
    const [field, key]: [string, MessageKey] =
      problem.keyword === 'required'
        ? [join(path, params.missingProperty), 'server.field.required']
        : problem.keyword === 'additionalProperties'
          ? [join(path, params.additionalProperty), 'server.field.unknown']
          : [path, fieldKey(problem.keyword)];
    if (field && !(field in errors)) errors[field] = t(key, params);
  }
  return errors;
}

function fieldKey(keyword: string | undefined): MessageKey {
  switch (keyword) {
    case 'minLength':
      return 'server.field.too_short';
    case 'maxLength':
      return 'server.field.too_long';
    case 'format':
    case 'pattern':
      return 'server.field.invalid_format';
    case CONTROL_CHARACTERS_KEYWORD:
      return 'server.refusals.control_characters';
    default:
      return 'server.field.invalid';
  }
}

/**
 * A body that fails a `oneOf` fails every branch; the branches whose `const` (their `type`) does
 * not match are not what the caller meant, so only the other branch's problems are worth naming.
 */
function chosenBranch(problems: readonly Partial<ErrorObject>[]): readonly Partial<ErrorObject>[] {
  const branchOf = (problem: Partial<ErrorObject>) =>
    /^#\/oneOf\/(\d+)\//.exec(problem.schemaPath ?? '')?.[1];
  const branches = new Set(problems.map(branchOf).filter((branch) => branch !== undefined));
  const mismatched = new Set(
    problems.filter((problem) => problem.keyword === 'const').map(branchOf),
  );
  mismatched.delete(undefined);
  if (!mismatched.size || mismatched.size >= branches.size) return problems;
  return problems.filter(
    (problem) => problem.keyword !== 'oneOf' && !mismatched.has(branchOf(problem)),
  );
}

/** A field's name in `errors` (`rules.0.port`) from a JSON pointer (`/rules/0/port`). */
const fieldOf = (instancePath: string | undefined) =>
  (instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

const join = (path: string, name: unknown) => [path, String(name ?? '')].filter(Boolean).join('.');

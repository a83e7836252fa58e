/** Every failure becomes the contract's error body: `{ message, errors? }` in the caller's language. */
import type { FastifyError } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { Locale } from '../src/domain/constants';
import { ApiError, type ErrorBody } from './errors';
import { translateAny, translator, type MessageKey } from './i18n';

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

export function errorReply(error: unknown, locale: Locale): ErrorReply {
  const t = translator(locale);
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors);
    return {
      status: error.statusCode,
      body: {
        message: t(error.messageKey, error.params),
        ...(fields.length && {
          errors: Object.fromEntries(
            fields.map(([name, key]) => [name, translateAny(locale, key)]),
          ),
        }),
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    const errors =
      fastifyError.validationContext === 'body' ? fieldErrors(fastifyError.validation, locale) : {};
    return {
      status: 400,
      body: {
        message: t('server.invalid_request', { detail: fastifyError.message }),
        ...(Object.keys(errors).length && { errors }),
      },
    };
  }
  // Fastify's own client errors: malformed JSON, unsupported content type, body too large…
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return {
      status,
      body: { message: t('server.invalid_request', { detail: fastifyError.message }) },
    };
  }
  return { status: 500, body: { message: t('server.internal_error') } };
}

export function notFoundReply(locale: Locale): ErrorReply {
  return { status: 404, body: { message: translator(locale)('server.not_found') } };
}

function fieldErrors(problems: readonly Partial<ErrorObject>[], locale: Locale) {
  const t = translator(locale);
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const path = (problem.instancePath ?? '').split('/').filter(Boolean).join('.');
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
    default:
      return 'server.field.invalid';
  }
}

const join = (path: string, name: unknown) => [path, String(name ?? '')].filter(Boolean).join('.');

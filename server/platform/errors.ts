/** Errors a handler throws to answer with a contract error body: `{ message, errors? }`. */
import type { MessageKey } from './i18n';

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
    /** Field name → i18n key of the problem, for forms. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  /** The message as the handler already put it into the request's language. */
  presetMessage: string | undefined;

  static withMessage(statusCode: number, message: string): ApiError {
    const error = new ApiError(statusCode, 'server.internal_error');
    error.presetMessage = message;
    return error;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, unknown>) =>
  new ApiError(400, key, params);
export const notFound = (key: MessageKey) => new ApiError(404, key);
export const unauthorized = (key: MessageKey = 'server.unauthorized') => new ApiError(401, key);

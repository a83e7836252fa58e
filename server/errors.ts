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
}

export const badRequest = (key: MessageKey, params?: Record<string, unknown>) =>
  new ApiError(400, key, params);
export const unauthorized = (key: MessageKey = 'server.unauthorized') => new ApiError(401, key);

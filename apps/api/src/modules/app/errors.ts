import type { ApiErrorCode } from './error-codes.ts';

/** Field name (dotted path) -> key of the error catalogue, e.g. `{ email: 'validation.email' }`. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type services throw. The error handler turns it into
 * `{ message, code, errors }` with `status`; `message` defaults to the catalogue text for `code`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message?: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.hasCustomMessage = message !== undefined;
  }

  readonly hasCustomMessage: boolean;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const badRequest = (code: ApiErrorCode = 'request.bad_request', message?: string, fieldErrors?: FieldErrors) =>
  new AppError(400, code, message, fieldErrors);
export const validationFailed = (fieldErrors: FieldErrors, message?: string) =>
  new AppError(400, 'validation.failed', message, fieldErrors);
export const unauthorized = (code: ApiErrorCode = 'auth.unauthenticated', message?: string) =>
  new AppError(401, code, message);
export const forbidden = (code: ApiErrorCode = 'auth.forbidden', message?: string) => new AppError(403, code, message);
export const notFound = (code: ApiErrorCode = 'errors.not_found', message?: string) => new AppError(404, code, message);
export const conflict = (code: ApiErrorCode = 'errors.conflict', message?: string, fieldErrors?: FieldErrors) =>
  new AppError(409, code, message, fieldErrors);
export const unsupportedMediaType = (code: ApiErrorCode = 'request.unsupported_media_type', message?: string) =>
  new AppError(415, code, message);
export const tooMany = (code: ApiErrorCode = 'errors.too_many_requests', message?: string) =>
  new AppError(429, code, message);

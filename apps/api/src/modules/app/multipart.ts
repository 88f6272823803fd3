import { AppError, isAppError } from './errors.ts';

/** A multipart body the parser could not read: no boundary, a malformed part head, cut off. */
export const malformedMultipart = () => new AppError(400, 'request.malformed_multipart');

/**
 * What reading a multipart body threw, as the API answers it. busboy's own errors ('Multipart:
 * Boundary not found', 'Unexpected end of form', 'Malformed part header') carry no status and
 * used to answer 500; they are the client's broken body, so a 400 with its own code. Errors with a
 * 4xx status (a limit) and the callers' own errors pass unchanged.
 */
export function multipartReadError(error: unknown): unknown {
  if (isAppError(error)) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return malformedMultipart();
}

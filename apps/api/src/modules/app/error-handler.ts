import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from './errors.ts';
import type { ErrorBody } from './http.ts';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { isMessageKey } from '@substytut/shared/messages/index';
import type { ApiErrorCode } from './error-codes.ts';
import { defaultCodeForStatus, messageFor } from './messages.ts';

// A zod issue message that is a key of the error catalogue (`validation.email`) comes from a shared
// schema and reaches the client as is; zod's own English sentences become a generic key.
const GENERIC_FIELD_KEY = 'validation.invalid';

function fieldName(instancePath: string, context: string | undefined): string {
  const name = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return name || context || '_';
}

function fieldErrorsFrom(error: FastifyError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const key = fieldName(issue.instancePath, error.validationContext);
    if (key in result) continue;
    const message = issue.message ?? '';
    result[key] = isMessageKey(message) ? message : GENERIC_FIELD_KEY;
  }
  return result;
}

const codeByFastifyCode: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.empty_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_REQ_FILE_TOO_LARGE: 'request.too_large',
};

interface Mapped {
  status: number;
  code: ApiErrorCode;
  message?: string;
  errors: FieldErrors;
}

function mapError(error: FastifyError | AppError | Error): Mapped {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      ...(error.hasCustomMessage ? { message: error.message } : {}),
      errors: error.fieldErrors ?? {},
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    return { status: 400, code: 'validation.failed', errors: fieldErrorsFrom(fastifyError) };
  }
  // JSON.parse errors from custom parsers carry no status code.
  if (error instanceof SyntaxError && fastifyError.statusCode === undefined) {
    return { status: 400, code: 'request.malformed_json', errors: {} };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 500 || status < 400) return { status: 500, code: 'internal', errors: {} };
  const code = (fastifyError.code && codeByFastifyCode[fastifyError.code]) || defaultCodeForStatus(status);
  return { status, code, errors: {} };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a path parameter
 * over its length limit, a malformed URL) gets the one error shape too.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, mapError(error));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, mapped: Mapped) {
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  const body: ErrorBody = {
    message: mapped.message ?? messageFor(mapped.code, locale, mapped.status),
    code: mapped.code,
    errors: mapped.errors,
  };
  // The body is written by hand so a route's response schema cannot reject the error shape.
  return reply
    .code(mapped.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: mapped.code, status: mapped.status }, error.message);
    }
    return sendError(request, reply, mapped);
  });
}

import { CODE_BY_STATUS, errorKey, GENERAL_ERROR, isMessageKey, messageText } from '@substytut/shared/messages/index';
import type { Locale } from '@substytut/shared/locale';
import { isApiErrorCode, type ApiErrorCode } from './error-codes.ts';

export function defaultCodeForStatus(status: number): ApiErrorCode {
  const code = CODE_BY_STATUS[status];
  if (code !== undefined && isApiErrorCode(code)) return code;
  return status >= 500 ? 'internal' : 'request.bad_request';
}

/** The `message` of an error body: the catalogue's text for the code, for API clients and logs. */
export function messageFor(code: string, locale: Locale, status = 0): string {
  return messageText(errorKey(code, status, isMessageKey, 'client') ?? GENERAL_ERROR, locale);
}

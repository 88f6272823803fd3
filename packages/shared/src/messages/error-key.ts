/*
 * Which catalogue key an error is shown as: one rule for the API (the `message` of an error body)
 * and the web app (toasts and alerts). It imports no texts, so the browser can use it while the
 * texts themselves arrive as a translation namespace.
 */

/** The text for a failure nothing more specific describes (spec: errors.general). */
export const GENERAL_ERROR = 'errors.general';

/**
 * The code an answer without a more specific one gets for its status. 0 (no answer), 408 and 504
 * come from the network, not from this API.
 */
export const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  0: 'network',
  400: 'request.bad_request',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'errors.not_found',
  405: 'route.method_not_allowed',
  408: 'timeout',
  409: 'errors.conflict',
  413: 'request.too_large',
  414: 'request.uri_too_long',
  415: 'request.unsupported_media_type',
  429: 'errors.too_many_requests',
  503: 'errors.unavailable',
  504: 'timeout',
};

/**
 * Codes a visitor is shown in other words than an API client: the web app sends large bodies only
 * as file uploads, and a server failure reads the same as any other.
 */
const SHOWN_AS: Readonly<Record<string, string>> = {
  internal: GENERAL_ERROR,
  'request.too_large': 'files.too_large',
};

// Statuses whose code says no more than the status: for a code the catalogue lacks, the server's
// own message says more (the web shows it; spec 8: 'toast with the server's message').
const VAGUE_STATUSES: ReadonlySet<number> = new Set([400, 405, 409, 414]);

/**
 * The key to show for an error: its code when the catalogue has it, else its status's code, else
 * null (the caller then shows the server's own message or the general text). `known` says whether
 * the catalogue has a key: the web passes its loaded namespace, the API the catalogue itself. A
 * visitor (the web app) sees a few codes in other words, and the server's message rather than a
 * vague status text; an API client gets the code's own text.
 */
export function errorKey(
  code: string,
  status: number,
  known: (key: string) => boolean,
  audience: 'visitor' | 'client' = 'visitor',
): string | null {
  const visitor = audience === 'visitor';
  const shown = visitor ? (SHOWN_AS[code] ?? code) : code;
  if (known(shown)) return shown;
  if (visitor && VAGUE_STATUSES.has(status)) return null;
  const byStatus = CODE_BY_STATUS[status];
  return byStatus !== undefined && known(byStatus) ? byStatus : null;
}

import { expireSession, getToken } from '@/lib/session';

export const API_BASE = '/api';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const DEFAULT_TIMEOUT_MS = 30_000;

export type FieldErrors = Record<string, string>;

/** Every failed call ends as this; `code` is the API's dotted code or 'network' / 'timeout'. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, code: string, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The router registers how to get to /auth, so a 401 navigates without reloading the page. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** A 401: the session ends and the app goes to /auth (also for `lib/upload.ts`). */
export function handleUnauthorized(): void {
  expireSession();
  if (onUnauthorized) onUnauthorized();
  else if (typeof window !== 'undefined') window.location.assign('/auth');
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let csrfPromise: Promise<void> | null = null;

async function fetchCsrfCookie(): Promise<void> {
  const response = await fetch(`${API_BASE}/csrf-cookie`, { credentials: 'include' });
  if (!response.ok) throw await toApiError(response);
}

/** Fetched once at start-up; state-changing calls wait for it so the first POST carries the token. */
export function ensureCsrf(): Promise<void> {
  csrfPromise ??= fetchCsrfCookie().catch((error: unknown) => {
    csrfPromise = null;
    throw error;
  });
  return csrfPromise;
}

/** Fetches a fresh anti-forgery cookie (the payment form does this before it is shown). */
export function refreshCsrf(): Promise<void> {
  csrfPromise = null;
  return ensureCsrf();
}

function normalizeFieldErrors(raw: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function errorFromBody(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = typeof b.code === 'string' ? b.code : `http.${status}`;
  const message = typeof b.message === 'string' ? b.message : '';
  return new ApiError(status, code, message, normalizeFieldErrors(b.errors));
}

async function toApiError(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, await readBody(response));
}

/** The API wraps answers in `{ data }`; anything else is returned as it came. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The bearer token (when signed in) and, for a state-changing method, the anti-forgery header. */
export function authHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (!SAFE_METHODS.has(method)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  return headers;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const upper = method.toUpperCase();
  if (!SAFE_METHODS.has(upper)) {
    // A failed cookie fetch should not block the call: the server answers csrf.mismatch itself.
    await ensureCsrf().catch(() => undefined);
  }
  const headers = authHeaders(upper);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: upper,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'timeout', '');
    throw new ApiError(0, 'network', error instanceof Error ? error.message : '');
  }

  const parsed = await readBody(response);
  if (response.status === 401) {
    handleUnauthorized();
  }
  if (!response.ok) throw errorFromBody(response.status, parsed);
  return unwrap<T>(parsed);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

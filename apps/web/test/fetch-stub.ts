import type { ApiErrorBody, PublicConfigDto } from '@substytut/shared';
import {
  successStatusOf,
  type ApiAnswer,
  type ApiOtherRoute,
  type ApiRoute,
} from '@substytut/shared/contract/routes';
import { DEFAULT_BOOKING_URL, SUPPORT_EMAIL } from '@/config/constants';

/**
 * Fetch stubs typed by the API's route table (packages/shared, decision 034): a stub may only
 * answer a route the API has, and its body must be that route's answer, so a stub that drifts
 * from the API fails `tsc -p apps/web`.
 */

/** One recorded API call. */
export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The statuses the API fails with (its error body, `ApiErrorBody`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

const UNTYPED = Symbol('not an API answer');

/** What no API route answers, on purpose: a test of how the web copes with a malformed answer. */
export interface Untyped {
  [UNTYPED]: true;
  status?: number;
  body?: unknown;
}

/** Marks an answer the API cannot give (its shape is not checked); say why beside it. */
export function notFromTheApi(answer: { status?: number; body?: unknown }): Untyped {
  return { ...answer, [UNTYPED]: true };
}

/** The route's success, `{ data }` as the route's table entry says, or one of the API's errors. */
export type StubAnswer<R extends ApiRoute> =
  | { status?: 200 | 201; body: { data: ApiAnswer<R> } }
  | { status: ErrorStatus; body?: ApiErrorBody | null }
  | Untyped;

/** A route answering a file, a redirect or nothing: any status and body. */
export interface OtherAnswer {
  status?: number;
  body?: unknown;
}

type Reply<A> = A | ((call: StubCall) => A);

/** Keys are the table's 'METHOD /api/path' patterns (':name' matches one path segment). */
export type StubRoutes = { [R in ApiRoute]?: Reply<StubAnswer<R>> } & {
  [R in ApiOtherRoute]?: Reply<OtherAnswer>;
};

/** A success of `route` with `data`, as its fake answers it. */
export function success<R extends ApiRoute>(route: R, data: ApiAnswer<R>) {
  return { status: successStatusOf(route) as number, body: { data } };
}

/** One of the API's errors. */
export function failure(status: ErrorStatus, body: ApiErrorBody) {
  return { status: status as number, body };
}

/** The Response a fetch stub or fake answers with (JSON, or no body). */
export function toResponse({ status = 200, body }: { status?: number; body?: unknown }): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function patternOf(key: string): { method: string; path: RegExp } {
  const [method = '', path = ''] = key.split(' ');
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, path: new RegExp(`^${source}$`) };
}

/**
 * A fetch for component tests that answers `METHOD /api/path` from a table and records every
 * call. Unlisted calls answer 404 with the API's error shape, like `offlineFetch`.
 */
export function stubFetch(routes: StubRoutes) {
  const calls: StubCall[] = [];
  const table = Object.entries(routes as Record<string, Reply<OtherAnswer>>).map(([key, answer]) => ({
    ...patternOf(key),
    answer,
  }));
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = typeof init.body === 'string' ? init.body : null;
    const call: StubCall = {
      method,
      path: url.pathname + url.search,
      body: raw ? (JSON.parse(raw) as unknown) : null,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
    };
    calls.push(call);
    const route = table.find((r) => r.method === method && r.path.test(url.pathname))?.answer;
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return toResponse(failure(404, { message: 'not found', code: 'route.not_found', errors: {} }));
    return toResponse(answer);
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };
}

export type PublicConfigOverrides = Omit<Partial<PublicConfigDto>, 'sandbox'> & {
  sandbox?: Partial<PublicConfigDto['sandbox']>;
};

/**
 * GET /api/config/public as the API answers it: every adapter real and no keys, unless told. The
 * defaults are what the web falls back to without an answer, so a test names only what it needs.
 */
export function publicConfig({ sandbox, ...overrides }: PublicConfigOverrides = {}): PublicConfigDto {
  return {
    bookingUrl: DEFAULT_BOOKING_URL,
    supportEmail: SUPPORT_EMAIL,
    googleClientId: null,
    turnstileSiteKey: null,
    ...overrides,
    sandbox: {
      active: false,
      payments: false,
      companyLookup: false,
      botCheck: false,
      mail: false,
      googleSignIn: false,
      licenceRegister: false,
      ksef: false,
      ...sandbox,
    },
  };
}

/** One recorded API call. */
export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body?: unknown } | ((call: StubCall) => { status?: number; body?: unknown });

/**
 * A fetch for component tests that answers `METHOD /api/path` from a table and records every
 * call. Unlisted calls answer 404 with the API's error shape, like `offlineFetch`.
 */
export function stubFetch(routes: Record<string, Answer>) {
  const calls: StubCall[] = [];
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
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) {
      return new Response(JSON.stringify({ message: 'not found', code: 'route.not_found', errors: {} }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };
}

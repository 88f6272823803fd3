import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, refreshCsrf, setUnauthorizedHandler } from './api-client';
import { getToken, getUser, setSession } from './session';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

/**
 * A small fake of the API: it answers by method and path, issues the XSRF cookie like the real
 * server, and demands the anti-forgery header and bearer token where the real one would.
 */
function fakeApi() {
  const seen: Seen[] = [];
  const xsrf = 'tok%2Fen==';
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    seen.push({ method, url: url.pathname, headers, body: typeof init?.body === 'string' ? init.body : null });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    if (url.pathname === '/api/csrf-cookie') {
      document.cookie = `XSRF-TOKEN=${xsrf}; path=/`;
      return new Response(null, { status: 204 });
    }
    if (method !== 'GET' && headers.get('X-XSRF-TOKEN') !== decodeURIComponent(xsrf)) {
      return json(419, { message: 'CSRF token mismatch', code: 'csrf.mismatch', errors: {} });
    }
    if (url.pathname === '/api/me') {
      return headers.get('Authorization') === 'Bearer secret'
        ? json(200, { data: { id: 1, email: 'a@b.pl', role: 'admin' } })
        : json(401, { message: 'Unauthenticated', code: 'auth.unauthenticated', errors: {} });
    }
    if (url.pathname === '/api/login' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { email: string };
      if (body.email === 'bad@x.pl') {
        return json(422, {
          message: 'Invalid',
          code: 'validation.failed',
          errors: { email: ['validation.email'], password: 'validation.password' },
        });
      }
      return json(200, { data: { token: 't', user: { email: body.email } } });
    }
    if (url.pathname === '/api/plain') return json(200, { ok: true });
    return json(404, { message: 'Not found', code: 'route.not_found', errors: {} });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { seen, fetchStub };
}

describe('api client', () => {
  beforeEach(async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    setUnauthorizedHandler(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('unwraps the data envelope and returns other bodies as they are', async () => {
    fakeApi();
    setSession('secret', { email: 'a@b.pl' });
    await expect(api.get('/me')).resolves.toEqual({ id: 1, email: 'a@b.pl', role: 'admin' });
    await expect(api.get('/plain')).resolves.toEqual({ ok: true });
  });

  it('sends the bearer token only when one is stored, and always with credentials', async () => {
    const { seen, fetchStub } = fakeApi();
    setUnauthorizedHandler(() => undefined);
    await expect(api.get('/me')).rejects.toBeInstanceOf(ApiError);
    expect(seen.at(-1)?.headers.has('Authorization')).toBe(false);
    setSession('secret');
    await api.get('/me');
    expect(seen.at(-1)?.headers.get('Authorization')).toBe('Bearer secret');
    expect(fetchStub.mock.calls.every(([, init]) => init?.credentials === 'include')).toBe(true);
  });

  it('fetches the csrf cookie before the first POST and sends it back as X-XSRF-TOKEN', async () => {
    const { seen } = fakeApi();
    await refreshCsrf();
    const result = await api.post<{ token: string }>('/login', { email: 'a@b.pl', password: 'x' });
    expect(result.token).toBe('t');
    expect(seen.map((s) => s.url)).toEqual(['/api/csrf-cookie', '/api/login']);
    const post = seen[1]!;
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('tok/en==');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(post.body!)).toEqual({ email: 'a@b.pl', password: 'x' });
  });

  it('does not send the anti-forgery header on GET', async () => {
    const { seen } = fakeApi();
    await refreshCsrf();
    await api.get('/plain');
    expect(seen.at(-1)?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('throws a typed error with code and field errors', async () => {
    fakeApi();
    await refreshCsrf();
    const error = await api.post('/login', { email: 'bad@x.pl', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation.failed',
      message: 'Invalid',
      fieldErrors: { email: 'validation.email', password: 'validation.password' },
    });
  });

  it('clears the session and hands over to the router on 401', async () => {
    fakeApi();
    setSession('expired', { email: 'old@x.pl' });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a failed connection as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { forbidden } from './errors.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes called by other servers (webhooks), which cannot hold the cookie */
    csrf?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie: a page on another site can make the browser send our cookie but cannot
 * read it, so it cannot echo it in the header. Bearer-token calls skip the check because a
 * browser never attaches that header on its own.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookies: boolean }) {
  // A callback hook rather than an async one, on the routes that can take an unsafe method under
  // /api/ (decided once per route, not per request: bench/api, decision 057). It goes first among
  // the route's own hooks (rate limits, sign-in), as it did when it was a global hook.
  const check: onRequestHookHandler = (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || /^Bearer\s+\S/i.test(request.headers.authorization ?? '')) {
      done();
      return;
    }
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    done(
      !cookie || typeof header !== 'string' || !sameToken(cookie, header)
        ? forbidden('csrf.mismatch')
        : undefined,
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (
      !methods.some((method) => UNSAFE_METHODS.has(method)) ||
      !route.url.startsWith('/api/') ||
      route.config?.csrf === false
    ) {
      return;
    }
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [check, ...own];
  });

  app.get('/api/csrf-cookie', async (_request, reply) => {
    reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      httpOnly: false,
    });
    return reply.code(204).send();
  });
}

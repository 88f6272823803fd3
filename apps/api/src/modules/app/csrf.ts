import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/')) return;
    if (request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '')) return;

    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('csrf.mismatch');
    }
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';

export type AuthenticatedUser = Pick<User, 'id' | 'email' | 'name' | 'role' | 'emailVerifiedAt' | 'locale'>;

/** The user a bearer token belongs to, or null (the accounts feature provides it). */
export type FindUserByToken = (db: DbOrTx, token: string, now: Date) => Promise<AuthenticatedUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the requireUser / requireAdmin hooks */
    user: AuthenticatedUser | null;
    /** the raw bearer token of this request, when one was sent */
    bearerToken: string | null;
  }
  interface FastifyInstance {
    /**
     * hook: 401 `auth.unauthenticated` unless a valid bearer token is sent. Routes run it as
     * `preValidation` (or `onRequest`), so it answers before their body schema does.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** hook: 401 without a valid token, 403 `auth.forbidden` for any role but admin */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The signed-in user of a request, or throws 401. For routes that need the user inside a handler. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function registerAuthentication(app: FastifyInstance, findUserByToken: FindUserByToken) {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);

  const requireUser = async (request: FastifyRequest) => {
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized();
    const user = await findUserByToken(app.db, token, app.clock.now());
    if (!user) throw unauthorized('auth.session_expired');
    request.user = user;
    request.bearerToken = token;
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.user?.role !== 'admin') throw forbidden();
  });
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { accessTokens } from '../../db/schema.ts';
import { ACCESS_TOKEN_TTL_MS, revokeAccessToken } from '../auth/access-tokens.ts';
import { hashToken } from './token-crypto.ts';

let t: TestApp;

async function probeRoutes(app: FastifyInstance) {
  app.get('/api/test/me', { preHandler: app.requireUser }, async (request) => ({ data: request.user }));
  app.get('/api/test/admin', { preHandler: app.requireAdmin }, async () => ({ data: 'secret' }));
}

beforeAll(async () => {
  t = await createTestApp({ plugins: [probeRoutes] });
});
afterAll(async () => t.close());

describe('bearer authentication', () => {
  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ url: '/api/test/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
  });

  it('refuses an unknown token', async () => {
    const res = await t.app.inject({ url: '/api/test/me', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });

  it('identifies the owner of a valid token and stores only its hash', async () => {
    const { user, token, headers } = await t.seed.session();
    const res = await t.app.inject({ url: '/api/test/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    expect(res.json().data).not.toHaveProperty('passwordHash');
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it('refuses an expired token', async () => {
    const { headers } = await t.seed.session();
    t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
    const res = await t.app.inject({ url: '/api/test/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.session_expired' });
  });

  it('refuses a revoked token', async () => {
    const { token, headers } = await t.seed.session();
    await revokeAccessToken(t.db, token);
    expect((await t.app.inject({ url: '/api/test/me', headers })).statusCode).toBe(401);
  });

  it('lets only administrators through requireAdmin', async () => {
    const lawyer = await t.seed.session();
    const admin = await t.seed.session({ role: 'admin' });
    expect((await t.app.inject({ url: '/api/test/admin' })).statusCode).toBe(401);
    const refused = await t.app.inject({ url: '/api/test/admin', headers: lawyer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('secret');
    expect((await t.app.inject({ url: '/api/test/admin', headers: admin.headers })).statusCode).toBe(200);
  });
});

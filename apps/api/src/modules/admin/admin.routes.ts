import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../app/http.ts';
import {
  offerListQuery,
  offerListResponse,
  profileListQuery,
  profileListResponse,
  summaryResponse,
} from './admin.schemas.ts';
import { getSummary, listOffers, listProfiles, type AdminDeps } from './admin.service.ts';

/**
 * The administrator's overview (spec 2 "Admin page", spec 7 GET /admin/offer, /admin/profile).
 * The role is checked in onRequest, before the query is validated, so a visitor without the
 * role learns nothing, not even whether the parameters were right.
 */
export async function adminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminDeps = { db: app.db, config: app.config, clock: app.clock };
  const admin = { onRequest: app.requireAdmin };
  // Lists of people and money: never kept by the browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  typed.get(
    '/api/admin/profile',
    { ...admin, schema: { querystring: profileListQuery, response: { 200: profileListResponse } } },
    async (request) => ok(await listProfiles(deps, request.query)),
  );

  typed.get(
    '/api/admin/offer',
    { ...admin, schema: { querystring: offerListQuery, response: { 200: offerListResponse } } },
    async (request) => ok(await listOffers(deps, request.query)),
  );

  typed.get('/api/admin/summary', { ...admin, schema: { response: { 200: summaryResponse } } }, async () =>
    ok(await getSummary(deps)),
  );
}

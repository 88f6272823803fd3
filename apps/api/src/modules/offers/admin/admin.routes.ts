import multipart from '@fastify/multipart';
import {
  adminDisputeListSchema,
  disputeResolutionSchema,
  disputeResolvedDtoSchema,
  CV_MAX_BYTES,
} from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../../app/http.ts';
import type { Storage } from '../../storage/index.ts';
import { minutesKeyOf, sendMinutes } from '../documents/minutes.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { offerIdParams, parseOfferId } from '../offers.schemas.ts';
import { adminDisputes, resolveDispute } from './admin.service.ts';

/** The administrator's disputes (issue 23): the list, the resolution, and the hearing's minutes. */
export async function offersAdminRoutes(
  app: FastifyInstance,
  { lifecycle: deps, storage }: { lifecycle: LifecycleDeps; storage: Storage },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // As before the cut: these routes shared the report's multipart scope, so a form body is read
  // (and refused by validation) rather than answered 415.
  await app.register(multipart, { limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const admin = { onRequest: app.requireAdmin };

  typed.get(
    '/api/admin/disputes',
    { ...admin, schema: { response: { 200: dataOf(adminDisputeListSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ items: await adminDisputes(deps) });
    },
  );

  typed.post(
    '/api/admin/disputes/:id',
    {
      ...admin,
      schema: {
        params: offerIdParams,
        body: disputeResolutionSchema,
        response: { 200: dataOf(disputeResolvedDtoSchema) },
      },
    },
    async (request) => ok(await resolveDispute(deps, parseOfferId(request.params.id), request.body)),
  );

  typed.get(
    '/api/admin/disputes/:id/minutes',
    { ...admin, schema: { params: offerIdParams } },
    async (request, reply) =>
      sendMinutes(storage, await minutesKeyOf(deps, parseOfferId(request.params.id)), reply),
  );
}

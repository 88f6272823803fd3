import multipart from '@fastify/multipart';
import {
  acceptancePageDtoSchema,
  adminDisputeDtoSchema,
  disputeResolutionSchema,
  disputeResolvedDtoSchema,
  disputeSchema,
  CV_MAX_BYTES,
} from '@substytut/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../app/authenticate.ts';
import { notFound } from '../../app/errors.ts';
import { dataOf, ok } from '../../app/http.ts';
import { multipartReadError } from '../../app/multipart.ts';
import { rateLimit } from '../../app/rate-limit.ts';
import { fileTooLarge } from '../../profile/profile.errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import {
  acceptancePageOf,
  adminDisputes,
  disputeOffer,
  fileHearingReport,
  minutesKeyOf,
  minutesKeyOfToken,
  resolveDispute,
  type DisputesDeps,
} from './admin.service.ts';
import { findOwnOffer, findProfileOfUser } from '../offers.repo.ts';
import { offerNotFound } from '../offers.errors.ts';
import { acceptBody, offerIdParams, offerResponse, parseOfferId } from '../offers.schemas.ts';

const MINUTES_FIELD = 'minutes';
const TEXT_FIELDS = new Set(['outcome', 'next_hearing_at', 'notes']);

/** The report's text fields and its optional minutes file, from a multipart form or a JSON body. */
async function readReport(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
      minutes: null,
    };
  }
  const fields: Record<string, unknown> = {};
  let minutes: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === MINUTES_FIELD && bytes.length > 0) minutes = bytes;
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw multipartReadError(error);
  }
  return { fields: Object.keys(fields).length > 0 ? fields : null, minutes };
}

async function sendMinutes(storage: Storage, key: string | null, reply: FastifyReply) {
  const object = key ? await storage.get(key) : null;
  if (!object) throw notFound();
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', 'attachment; filename="protokol.pdf"')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
  if (object.size !== undefined) reply.header('content-length', object.size);
  return reply.send(object.body);
}

const tokenQuery = z.object({ t: z.string().min(1).max(200) });
const disputeBody = acceptBody.extend(disputeSchema.shape);

/**
 * Issue 23: the lawyer's hearing report (which marks the job done), the client's dispute on the
 * acceptance page, the administrator's resolution, and the minutes for those three.
 */
export async function disputesRoutes(
  app: FastifyInstance,
  { lifecycle, storage }: { lifecycle: LifecycleDeps; storage: Storage },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps: DisputesDeps = { ...lifecycle, storage };
  await app.register(multipart, { limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const auth = { preValidation: app.requireUser };
  const admin = { onRequest: app.requireAdmin };

  typed.put(
    '/api/user/offer/:id/done',
    {
      ...auth,
      config: rateLimit(30, '1 minute'),
      schema: { params: offerIdParams, response: { 200: offerResponse } },
    },
    async (request) => {
      const offerId = parseOfferId(request.params.id);
      return ok(await fileHearingReport(deps, currentUser(request), offerId, await readReport(request)));
    },
  );

  typed.get(
    '/api/user/offer/:id/report/minutes',
    { ...auth, schema: { params: offerIdParams } },
    async (request, reply) => {
      const offerId = parseOfferId(request.params.id);
      const profile = await findProfileOfUser(app.db, currentUser(request).id);
      if (!profile || !(await findOwnOffer(app.db, profile.id, offerId))) throw offerNotFound();
      return sendMinutes(storage, await minutesKeyOf(deps, offerId), reply);
    },
  );

  // A POST, though it only reads, so the secret token stays out of URLs and request logs.
  typed.post(
    '/api/public/offer/page',
    {
      config: rateLimit(30, '1 minute'),
      schema: { body: acceptBody, response: { 200: dataOf(acceptancePageDtoSchema) } },
    },
    async (request) => ok(await acceptancePageOf(deps, request.body.token)),
  );

  typed.post(
    '/api/public/offer/dispute',
    {
      config: rateLimit(10, '1 minute'),
      schema: { body: disputeBody, response: { 200: dataOf(acceptancePageDtoSchema) } },
    },
    async (request) => ok(await disputeOffer(deps, request.body.token, request.body.reason)),
  );

  // A link the page offers for download; the token is already in the page's own address.
  typed.get(
    '/api/public/offer/minutes',
    { config: rateLimit(30, '1 minute'), schema: { querystring: tokenQuery } },
    async (request, reply) => sendMinutes(storage, await minutesKeyOfToken(deps, request.query.t), reply),
  );

  typed.get(
    '/api/admin/disputes',
    { ...admin, schema: { response: { 200: dataOf(z.object({ items: z.array(adminDisputeDtoSchema) })) } } },
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

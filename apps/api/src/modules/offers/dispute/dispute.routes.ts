import multipart from '@fastify/multipart';
import { CV_MAX_BYTES } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../app/authenticate.ts';
import { ok } from '../../app/http.ts';
import { rateLimit } from '../../app/rate-limit.ts';
import type { Storage } from '../../storage/index.ts';
import { readFormWithPdf, sendMinutes } from '../documents/minutes.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { offerIdParams, offerResponse, parseOfferId } from '../offers.schemas.ts';
import { answerDispute, answerFileOfOffer, answerFileOfOwner, answerFileOfToken } from './dispute.service.ts';

const tokenQuery = z.object({ t: z.string().min(1).max(200) });
const ANSWER_FIELDS = new Set(['text']);
const FILE_NAME = 'odpowiedz-pelnomocnika.pdf';

/**
 * The dispute's record (issue 34): the lawyer's answer with its optional file, and that file for
 * the lawyer, the administrator and the payer (by the acceptance token), as the minutes are.
 */
export async function offersDisputeRoutes(
  app: FastifyInstance,
  { lifecycle, storage }: { lifecycle: LifecycleDeps; storage: Storage },
) {
  const deps = { ...lifecycle, storage };
  await app.register(multipart, { limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.requireUser };

  typed.post(
    '/api/user/offer/:id/dispute/answer',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { params: offerIdParams, response: { 200: offerResponse } },
    },
    async (request) => {
      const offerId = parseOfferId(request.params.id);
      const { fields, file } = await readFormWithPdf(request, ANSWER_FIELDS, 'file');
      return ok(await answerDispute(deps, currentUser(request), offerId, { fields, file }));
    },
  );

  typed.get(
    '/api/user/offer/:id/dispute/answer/file',
    { ...auth, schema: { params: offerIdParams } },
    async (request, reply) => {
      const key = await answerFileOfOwner(deps, currentUser(request), parseOfferId(request.params.id));
      return sendMinutes(storage, key, reply, FILE_NAME);
    },
  );

  typed.get(
    '/api/admin/disputes/:id/answer-file',
    { onRequest: app.requireAdmin, schema: { params: offerIdParams } },
    async (request, reply) =>
      sendMinutes(storage, await answerFileOfOffer(deps, parseOfferId(request.params.id)), reply, FILE_NAME),
  );

  typed.get(
    '/api/public/offer/dispute/answer-file',
    { config: rateLimit(30, '1 minute'), schema: { querystring: tokenQuery } },
    async (request, reply) =>
      sendMinutes(storage, await answerFileOfToken(deps, request.query.t), reply, FILE_NAME),
  );
}

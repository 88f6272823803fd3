import multipart from '@fastify/multipart';
import { CV_MAX_BYTES } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../app/authenticate.ts';
import { sendPdf } from '../../documents/index.ts';
import { ok } from '../../app/http.ts';
import { rateLimit } from '../../app/rate-limit.ts';
import type { Storage } from '../../storage/index.ts';
import type { OfferCards } from '../documents/cards.ts';
import { minutesKeyOf, readReport, sendMinutes } from '../documents/minutes.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { documentForOwner } from '../documents/substitution-document.ts';
import {
  emptyResponse,
  offerCreateBody,
  offerCreatedResponse,
  offerListResponse,
  offerResponse,
  offerIdParams,
  offerUpdateBody,
  parseOfferId,
} from '../offers.schemas.ts';
import {
  createOffer,
  deleteOffer,
  fileHearingReport,
  getOffer,
  getOwnOfferId,
  listOffers,
  updateOffer,
  type OffersDeps,
} from './lawyer.service.ts';

export interface OffersRoutesOptions {
  lifecycle: LifecycleDeps;
  cards: OfferCards;
  storage: Storage;
}

/** The lawyer's offers (spec 7, /user/offer…), with marking one done by the hearing report (issue 23). */
export async function offersLawyerRoutes(
  app: FastifyInstance,
  { lifecycle, cards, storage }: OffersRoutesOptions,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.remakeMissingStorage('cards', (key) => cards.ensure(key));

  const deps: OffersDeps = { ...lifecycle, cards, storage };

  app.addHook('onClose', async () => {
    await cards.idle();
  });

  // Before the body is validated: a visitor without a session gets 401, never a field error.
  const auth = { preValidation: app.requireUser };

  typed.post(
    '/api/user/offer',
    // Each new offer renders a card image (CPU work): a generous cap per client.
    {
      ...auth,
      config: rateLimit(30, '1 minute'),
      schema: { body: offerCreateBody(app.clock), response: { 200: offerCreatedResponse } },
    },
    async (request) => ok(await createOffer(deps, currentUser(request), request.body)),
  );

  typed.get(
    '/api/user/offer',
    { ...auth, schema: { response: { 200: offerListResponse } } },
    async (request) => ok(await listOffers(deps, currentUser(request))),
  );

  typed.get(
    '/api/user/offer/:id',
    { ...auth, schema: { params: offerIdParams, response: { 200: offerResponse } } },
    async (request) => ok(await getOffer(deps, currentUser(request), parseOfferId(request.params.id))),
  );

  typed.put(
    '/api/user/offer/:id',
    {
      ...auth,
      config: rateLimit(60, '1 minute'),
      schema: { params: offerIdParams, body: offerUpdateBody(app.clock), response: { 200: offerResponse } },
    },
    async (request) =>
      ok(await updateOffer(deps, currentUser(request), parseOfferId(request.params.id), request.body)),
  );

  typed.delete(
    '/api/user/offer/:id',
    { ...auth, schema: { params: offerIdParams, response: { 200: emptyResponse } } },
    async (request) => {
      await deleteOffer(deps, currentUser(request), parseOfferId(request.params.id));
      return ok(null);
    },
  );
  // The report is a form with an optional PDF (or JSON): only these routes read multipart.
  await app.register(async (reports) => {
    await reports.register(multipart, { limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const scoped = reports.withTypeProvider<ZodTypeProvider>();
    scoped.put(
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

    scoped.get(
      '/api/user/offer/:id/report/minutes',
      { ...auth, schema: { params: offerIdParams } },
      async (request, reply) => {
        const offerId = parseOfferId(request.params.id);
        // Only the owner's: another lawyer's offer is a 404 before any file is looked for.
        await getOwnOfferId(deps, currentUser(request), offerId);
        return sendMinutes(storage, await minutesKeyOf(deps, offerId), reply);
      },
    );
  });

  typed.get(
    '/api/user/offer/:id/substitution-document',
    { ...auth, config: rateLimit(30, '1 minute'), schema: { params: offerIdParams } },
    async (request, reply) =>
      sendPdf(reply, await documentForOwner(deps, currentUser(request).id, parseOfferId(request.params.id))),
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../app/authenticate.ts';
import { ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { createOfferCards, type OfferCards } from './offers.cards.ts';
import { lifecycleDepsOf } from './offers.client.routes.ts';
import {
  emptyResponse,
  offerCreatedResponse,
  offerListResponse,
  offerResponse,
  parseOfferId,
} from './offers.schemas.ts';
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  markOfferDone,
  updateOffer,
  type OffersDeps,
} from './offers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** offer card images: render one, or re-render a lawyer's cards after a profile change */
    offerCards: OfferCards;
  }
}

// Profile changes that show on a card (name, specialization, photo): after a successful one the
// cards of the lawyer's live offers are re-rendered in the background.
const PROFILE_CHANGES = new Set(['PUT /api/user/profile', 'POST /api/user/profile/image']);

/**
 * The lawyer's offers (spec 7, /user/offer…). Wrapped with fastify-plugin so the onResponse hook
 * that follows profile changes sees the profile routes too, and `offerCards` is available to
 * other features.
 */
export const offersRoutes = fp(
  async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const cards = createOfferCards({ db: app.db, storage: app.storage, log: app.log });
    app.decorate('offerCards', cards);
    app.remakeMissingStorage('cards', (key) => cards.ensure(key));

    const deps: OffersDeps = { ...lifecycleDepsOf(app), cards };

    app.addHook('onResponse', async (request: FastifyRequest, reply) => {
      if (reply.statusCode >= 300 || !request.user) return;
      if (!PROFILE_CHANGES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
      cards.refreshProfileInBackground(request.user.id);
    });
    app.addHook('onClose', async () => {
      await cards.idle();
    });

    const auth = { preHandler: app.requireUser };
    const idOf = (request: FastifyRequest) => parseOfferId((request.params as { id: string }).id);

    typed.post(
      '/api/user/offer',
      // Each new offer renders a card image (CPU work): a generous cap per client.
      { ...auth, config: rateLimit(30, '1 minute'), schema: { response: { 200: offerCreatedResponse } } },
      async (request) => ok(await createOffer(deps, currentUser(request), request.body)),
    );

    typed.get(
      '/api/user/offer',
      { ...auth, schema: { response: { 200: offerListResponse } } },
      async (request) => ok(await listOffers(deps, currentUser(request))),
    );

    typed.get(
      '/api/user/offer/:id',
      { ...auth, schema: { response: { 200: offerResponse } } },
      async (request) => ok(await getOffer(deps, currentUser(request), idOf(request))),
    );

    typed.put(
      '/api/user/offer/:id',
      { ...auth, config: rateLimit(60, '1 minute'), schema: { response: { 200: offerResponse } } },
      async (request) => ok(await updateOffer(deps, currentUser(request), idOf(request), request.body)),
    );

    typed.delete(
      '/api/user/offer/:id',
      { ...auth, schema: { response: { 200: emptyResponse } } },
      async (request) => {
        await deleteOffer(deps, currentUser(request), idOf(request));
        return ok(null);
      },
    );

    typed.put(
      '/api/user/offer/:id/done',
      { ...auth, schema: { response: { 200: offerResponse } } },
      async (request) => ok(await markOfferDone(deps, currentUser(request), idOf(request))),
    );
  },
  { name: 'offers', dependencies: ['payments'] },
);

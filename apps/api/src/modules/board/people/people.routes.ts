import {
  boardFavouriteSchema,
  boardReferenceInputSchema,
  boardReferenceItemSchema,
  boardReferenceListSchema,
  boardReferencePublishSchema,
  myBoardRequestSchema,
} from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../app/authenticate.ts';
import { dataOf, noStore, ok } from '../../app/http.ts';
import { rateLimit } from '../../app/rate-limit.ts';
import type { MailContext } from '../../mail/index.ts';
import {
  listReferences,
  markFavourite,
  publishReference,
  unmarkFavourite,
  writeReference,
  type PeopleDeps,
} from './people.service.ts';

export interface PeopleRoutesOptions {
  mail: MailContext;
  /** The poster's request as their list shows it (the board's builder). */
  myBoardRequest: PeopleDeps['myBoardRequest'];
}

const profileParams = z.object({ profileId: z.coerce.number().int().positive().max(2_147_483_647) });
const uuidParams = z.object({ id: z.uuid() });

/**
 * Issue 32, the people around a job from the board: the poster's favourites and reference, the
 * substitute's references and their publication.
 */
export async function peopleRoutes(app: FastifyInstance, options: PeopleRoutesOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps: PeopleDeps = {
    db: app.db,
    clock: app.clock,
    mail: options.mail,
    myBoardRequest: options.myBoardRequest,
  };
  // Like the board's: no browser or proxy keeps these answers.
  const auth = { preValidation: app.requireUser, onSend: noStore };
  const writes = rateLimit(30, '1 minute');

  typed.put(
    '/api/user/board/favourites/:profileId',
    {
      ...auth,
      config: writes,
      schema: { params: profileParams, response: { 200: dataOf(boardFavouriteSchema) } },
    },
    async (request) => ok(await markFavourite(deps, currentUser(request).id, request.params.profileId)),
  );

  typed.delete(
    '/api/user/board/favourites/:profileId',
    {
      ...auth,
      config: writes,
      schema: { params: profileParams, response: { 200: dataOf(boardFavouriteSchema) } },
    },
    async (request) => ok(await unmarkFavourite(deps, currentUser(request).id, request.params.profileId)),
  );

  typed.post(
    '/api/user/board/requests/:id/reference',
    {
      ...auth,
      config: writes,
      schema: {
        params: uuidParams,
        body: boardReferenceInputSchema,
        response: { 200: dataOf(myBoardRequestSchema) },
      },
    },
    async (request) =>
      ok(await writeReference(deps, currentUser(request).id, request.params.id, request.body.text)),
  );

  typed.get(
    '/api/user/board/references',
    { ...auth, schema: { response: { 200: dataOf(boardReferenceListSchema) } } },
    async (request) => ok(await listReferences(deps, currentUser(request).id)),
  );

  typed.put(
    '/api/user/board/references/:id',
    {
      ...auth,
      config: writes,
      schema: {
        params: uuidParams,
        body: boardReferencePublishSchema,
        response: { 200: dataOf(boardReferenceItemSchema) },
      },
    },
    async (request) =>
      ok(await publishReference(deps, currentUser(request).id, request.params.id, request.body.published)),
  );
}

import { calendarFeedStateSchema, newCalendarFeedSchema } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../app/authenticate.ts';
import { notFound } from '../app/errors.ts';
import { dataOf, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { feedState, readFeed, regenerateFeed, revokeFeed, type CalendarDeps } from './calendar.feeds.ts';


/** The lawyer's private calendar feed (issue 23): its state, a new address, revoking it, and the feed. */
export async function calendarRoutes(app: FastifyInstance, { deps }: { deps: CalendarDeps }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.requireUser };

  typed.get(
    '/api/user/calendar-feed',
    { ...auth, schema: { response: { 200: dataOf(calendarFeedStateSchema) } } },
    async (request) => ok(await feedState(deps, currentUser(request).id)),
  );

  typed.post(
    '/api/user/calendar-feed',
    { ...auth, config: rateLimit(10, '1 minute'), schema: { response: { 200: dataOf(newCalendarFeedSchema) } } },
    async (request) => ok(await regenerateFeed(deps, currentUser(request).id)),
  );

  typed.delete(
    '/api/user/calendar-feed',
    { ...auth, schema: { response: { 200: dataOf(calendarFeedStateSchema) } } },
    async (request) => ok(await revokeFeed(deps, currentUser(request).id)),
  );

  // Calendar apps poll this address; the token in it is the only credential.
  typed.get(
    '/api/calendar/:file',
    { config: rateLimit(60, '1 minute'), schema: { params: z.object({ file: z.string().max(200) }) } },
    async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file)?.[1];
      if (!token) throw notFound();
      const body = await readFeed(deps, token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', 'inline; filename="substytut.ics"')
        .send(body);
    },
  );
}

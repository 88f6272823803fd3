import {
  alertSettingsInputSchema,
  alertSettingsSchema,
  pushKeySchema,
  pushSubscribedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@substytut/shared';
import { and, eq, inArray, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushSubscriptions } from '../../db/schema.ts';
import { currentUser } from '../app/authenticate.ts';
import { AppError } from '../app/errors.ts';
import { dataOf, ok } from '../app/http.ts';
import { onlyFromThisMachine } from '../app/local-request.ts';
import { rateLimit } from '../app/rate-limit.ts';
import type { AlertsDeps } from './alerts.deps.ts';
import { readAlertSettings, saveAlertSettings } from './alerts.settings.ts';
import { createEventStreams } from './event-streams.ts';
import type { RecordingPush } from './push.ts';

/** A browser per device; more than this and the oldest subscriptions go. */
const SUBSCRIPTIONS_PER_USER = 20;

/**
 * The substitute's alert settings, push subscriptions and the VAPID key, and the live board's
 * event stream (issue 32).
 */
export async function alertsRoutes(app: FastifyInstance, { deps }: { deps: AlertsDeps }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: app.requireUser };
  const { db, clock, push, live } = deps;

  typed.get(
    '/api/user/alerts',
    { ...auth, schema: { response: { 200: dataOf(alertSettingsSchema) } } },
    async (request) => ok(await readAlertSettings(db, currentUser(request).id)),
  );

  typed.put(
    '/api/user/alerts',
    {
      ...auth,
      config: rateLimit(30, '1 minute'),
      schema: { body: alertSettingsInputSchema, response: { 200: dataOf(alertSettingsSchema) } },
    },
    async (request) => ok(await saveAlertSettings(db, currentUser(request).id, request.body, clock.now())),
  );

  typed.get(
    '/api/user/push-subscriptions/key',
    { ...auth, schema: { response: { 200: dataOf(pushKeySchema) } } },
    async () => {
      if (!push.publicKey) throw new AppError(503, 'alerts.push_unavailable');
      return ok({ public_key: push.publicKey });
    },
  );

  typed.post(
    '/api/user/push-subscriptions',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { body: pushSubscriptionSchema, response: { 201: dataOf(pushSubscribedSchema) } },
    },
    async (request, reply) => {
      if (!push.publicKey) throw new AppError(503, 'alerts.push_unavailable');
      const userId = currentUser(request).id;
      const { endpoint, keys } = request.body;
      await db.transaction(async (tx) => {
        // An endpoint is one browser: subscribed again (maybe under another account), it moves here.
        await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: clock.now() })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: clock.now() },
          });
        const stale = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt))
          .offset(SUBSCRIPTIONS_PER_USER);
        if (stale.length > 0)
          await tx.delete(pushSubscriptions).where(
            inArray(
              pushSubscriptions.id,
              stale.map((s) => s.id),
            ),
          );
      });
      return reply.code(201).send(ok({ subscribed: true }));
    },
  );

  typed.delete(
    '/api/user/push-subscriptions',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { body: pushUnsubscribeSchema, response: { 200: dataOf(pushSubscribedSchema) } },
    },
    async (request) => {
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.userId, currentUser(request).id),
            eq(pushSubscriptions.endpoint, request.body.endpoint),
          ),
        );
      return ok({ subscribed: false });
    },
  );

  // The embedded push transport's record, for a developer and the browser journeys (like the local
  // mailbox): outside production, from this machine only.
  const recorded = 'sent' in push ? (push as RecordingPush).sent : null;
  if (recorded && !app.config.isProduction) {
    app.get('/api/dev/push', { onRequest: onlyFromThisMachine }, async () =>
      ok(
        recorded.map(({ target, payload, result }) => ({
          endpoint: target.endpoint,
          payload,
          result: result.kind,
        })),
      ),
    );
  }

  // The live board: server-sent events for signed-in users (bearer token, so the web reads it with
  // fetch, not EventSource). Every instance LISTENs, so a change made on any reaches every stream.
  const streams = createEventStreams(live);
  await live.start();
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => live.close());

  typed.get('/api/board/events', { ...auth, config: rateLimit(30, '1 minute') }, async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    // HEAD (Fastify's automatic one for this GET) answers the headers only: no stream to hold open.
    if (request.method === 'HEAD') {
      raw.end();
      return;
    }
    raw.write('retry: 5000\n: connected\n\n');
    streams.add(raw);
  });
}

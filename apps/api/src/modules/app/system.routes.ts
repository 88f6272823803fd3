import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema, type PublicConfigDto } from '@substytut/shared';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';
import { isMovable } from './clock.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { dataOf, ok } from './http.ts';
import { onlyFromThisMachine } from './local-request.ts';

export type PublicConfig = PublicConfigDto;

/** What the browser may know of the configuration: the API's answer, and the web app's loaders' (web-framework.ts). */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    bookingUrl: config.bookingUrl,
    supportEmail: config.supportEmail,
    googleClientId: config.googleClientId,
    turnstileSiteKey: config.turnstileSiteKey,
    sandbox: config.sandbox,
  };
}

export function registerSystemRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/health',
    { schema: { response: { 200: dataOf(healthSchema) } } },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'errors.unavailable');
      }
      return ok({ status: 'ok' as const });
    },
  );

  typed.get(
    '/api/config/public',
    { schema: { response: { 200: dataOf(publicConfigSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(publicConfigOf(app.config));
    },
  );

  // The app's clock moved forward, for the browser journeys (a report is refused before the
  // hearing starts): outside production, from this machine only, like the local mailbox; by at
  // most a day per call, never back. Production's clock cannot move, and the route does not exist.
  const clock = app.clock;
  if (!app.config.isProduction && isMovable(clock)) {
    const now = { 200: dataOf(z.object({ now: z.string() })) };
    typed.get('/api/dev/clock', { onRequest: onlyFromThisMachine, schema: { response: now } }, async () =>
      ok({ now: clock.now().toISOString() }),
    );
    typed.post(
      '/api/dev/clock',
      {
        onRequest: onlyFromThisMachine,
        schema: {
          body: z.object({ minutes: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(24 * 60, 'validation.invalid') }),
          response: now,
        },
      },
      async (request) => {
        clock.advance(request.body.minutes * 60_000);
        request.log.warn({ minutes: request.body.minutes }, 'dev clock moved forward');
        return ok({ now: clock.now().toISOString() });
      },
    );
  }
}

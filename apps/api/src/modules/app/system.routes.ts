import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema, type PublicConfigDto } from '@substytut/shared';
import { pingDatabase } from '../../db/client.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { dataOf, ok } from './http.ts';

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
}

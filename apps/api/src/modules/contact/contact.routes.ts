import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../app/http.ts';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { rateLimit } from '../app/rate-limit.ts';
import { assertHuman, createBotCheck } from '../bot-check/index.ts';
import { CONTACT_RATE_LIMIT, contactRequestSchema, contactResponseSchema } from './contact.schemas.ts';
import { sendContactMessage } from './contact.service.ts';

/** POST /api/contact: the contact form (spec section 2), stored and mailed to support. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const botCheck = createBotCheck(app.config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: rateLimit(CONTACT_RATE_LIMIT.max, CONTACT_RATE_LIMIT.timeWindow),
      schema: { body: contactRequestSchema, response: { 201: dataOf(contactResponseSchema) } },
    },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      await assertHuman(botCheck, request.body['cf-turnstile-response'], request.ip);
      await sendContactMessage(
        { db: app.db, clock: app.clock, supportEmail: app.config.supportEmail },
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, locale },
      );
      return reply.code(201).send(ok({ success: true as const }));
    },
  );
};

export default contactRoutes;

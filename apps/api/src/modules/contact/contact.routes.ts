import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../app/errors.ts';
import { dataOf, ok } from '../app/http.ts';
import { localeFromAcceptLanguage } from '../app/messages.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { passesBotCheck } from './contact.bot-check.ts';
import { CONTACT_RATE_LIMIT, contactRequestSchema, contactResponseSchema } from './contact.schemas.ts';
import { sendContactMessage } from './contact.service.ts';

const BOT_CHECK_FAILED = {
  pl: 'Weryfikacja antyspamowa nie powiodła się. Odśwież stronę i spróbuj ponownie',
  en: 'The anti-spam check failed. Refresh the page and try again',
} as const;

/** POST /api/contact: the contact form (spec section 2), stored and mailed to support. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: rateLimit(CONTACT_RATE_LIMIT.max, CONTACT_RATE_LIMIT.timeWindow),
      schema: { body: contactRequestSchema, response: { 201: dataOf(contactResponseSchema) } },
    },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const token = request.body['cf-turnstile-response'];
      if (!(await passesBotCheck(token, { secret: app.config.turnstileSecret, remoteIp: request.ip }))) {
        throw new AppError(400, 'bot_check.failed', BOT_CHECK_FAILED[locale]);
      }
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

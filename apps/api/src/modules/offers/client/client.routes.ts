import multipart from '@fastify/multipart';
import {
  acceptancePageDtoSchema,
  acceptTokenSchema,
  CV_MAX_BYTES,
  disputeSchema,
  offerAcceptedSchema,
  payerDocumentStatusSchema,
  paymentLinkDtoSchema,
  paymentParamsSchema,
  paymentStartRequestSchemaWith,
} from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../../app/http.ts';
import { sendPdf } from '../../documents/index.ts';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { rateLimit } from '../../app/rate-limit.ts';
import type { Storage } from '../../storage/index.ts';
import {
  documentForPayer,
  documentForToken,
  payerDocumentStatus,
} from '../documents/substitution-document.ts';
import { sendMinutes } from '../documents/minutes.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { PAYER_COOKIE, PAYER_COOKIE_MAX_AGE_S } from '../offers.schemas.ts';
import {
  acceptancePageOf,
  acceptOffer,
  disputeOffer,
  minutesKeyOfToken,
  startPayment,
} from './client.service.ts';

const tokenQuery = z.object({ t: z.string().min(1).max(200) });
const disputeBody = acceptTokenSchema.extend(disputeSchema.shape);

/**
 * The client's side of an offer: starting the payment from the public page, the substitution
 * document, and the acceptance page of the "job done" mail (confirm or dispute, with the report
 * and its minutes). The provider's events reach the lifecycle through the composition root.
 */
export async function offersClientRoutes(
  app: FastifyInstance,
  { lifecycle: deps, storage }: { lifecycle: LifecycleDeps; storage: Storage },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/public/profile/:seolink/payment/:offerUrl',
    {
      config: rateLimit(20, '1 minute'),
      schema: {
        params: paymentParamsSchema,
        body: paymentStartRequestSchemaWith(() => app.clock.now()),
        response: { 200: dataOf(paymentLinkDtoSchema) },
      },
    },
    async (request, reply) => {
      const { locale, hearing, ...payload } = request.body;
      const { payLink, payerSecret } = await startPayment(deps, {
        ...request.params,
        payload,
        hearing: hearing ?? null,
        locale: locale ?? localeFromAcceptLanguage(request.headers['accept-language']),
        payerSecret: request.cookies[PAYER_COOKIE] ?? null,
      });
      // Only this endpoint of this offer ever receives it, and no script can read it.
      const { seolink, offerUrl } = request.params;
      reply.setCookie(PAYER_COOKIE, payerSecret, {
        path: `/api/public/profile/${encodeURIComponent(seolink)}/payment/${encodeURIComponent(offerUrl)}`,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.secureCookies,
        maxAge: PAYER_COOKIE_MAX_AGE_S,
      });
      return ok({ payLink });
    },
  );

  // The "job done" mail links to /offer/accept/{token} (offers.mail.ts). Following a link must not
  // change anything (mail scanners and prefetchers follow links), so it only leads to the web
  // page /offer/done?t={token}, whose button posts the token to the endpoint below.
  for (const prefix of ['', '/pl', '/en']) {
    typed.get(`${prefix}/offer/accept/:token`, { schema: { params: acceptTokenSchema } }, async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(
          `${prefix === '/en' ? '/en' : ''}/offer/done?t=${encodeURIComponent(request.params.token)}`,
          302,
        ),
    );
  }

  typed.post(
    '/api/public/offer/accept',
    {
      config: rateLimit(20, '1 minute'),
      schema: { body: acceptTokenSchema, response: { 200: dataOf(offerAcceptedSchema) } },
    },
    async (request) => ok(await acceptOffer(deps, request.body.token)),
  );

  // The acceptance page (issue 23); as before the cut, in a scope that reads multipart bodies.
  await app.register(async (page) => {
    await page.register(multipart, { limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const scoped = page.withTypeProvider<ZodTypeProvider>();

    // A POST, though it only reads, so the secret token stays out of URLs and request logs.
    scoped.post(
      '/api/public/offer/page',
      {
        config: rateLimit(30, '1 minute'),
        schema: { body: acceptTokenSchema, response: { 200: dataOf(acceptancePageDtoSchema) } },
      },
      async (request) => ok(await acceptancePageOf(deps, request.body.token)),
    );

    scoped.post(
      '/api/public/offer/dispute',
      {
        config: rateLimit(10, '1 minute'),
        schema: { body: disputeBody, response: { 200: dataOf(acceptancePageDtoSchema) } },
      },
      async (request) => ok(await disputeOffer(deps, request.body.token, request.body.reason)),
    );

    // A link the page offers for download; the token is already in the page's own address.
    scoped.get(
      '/api/public/offer/minutes',
      { config: rateLimit(30, '1 minute'), schema: { querystring: tokenQuery } },
      async (request, reply) => sendMinutes(storage, await minutesKeyOfToken(deps, request.query.t), reply),
    );
  });

  // The substitution document (decision 021). On the payer's own payment path, so the browser
  // sends its payer cookie (whose path is that endpoint) and nobody else's browser has one.
  typed.get(
    '/api/public/profile/:seolink/payment/:offerUrl/document/status',
    {
      config: rateLimit(60, '1 minute'),
      schema: { params: paymentParamsSchema, response: { 200: dataOf(payerDocumentStatusSchema) } },
    },
    async (request, reply) => {
      const { seolink, offerUrl } = request.params;
      reply.header('cache-control', 'no-store');
      return ok(await payerDocumentStatus(deps, seolink, offerUrl, request.cookies[PAYER_COOKIE] ?? null));
    },
  );

  typed.get(
    '/api/public/profile/:seolink/payment/:offerUrl/document',
    { config: rateLimit(20, '1 minute'), schema: { params: paymentParamsSchema } },
    async (request, reply) => {
      const { seolink, offerUrl } = request.params;
      return sendPdf(
        reply,
        await documentForPayer(deps, seolink, offerUrl, request.cookies[PAYER_COOKIE] ?? null),
      );
    },
  );

  // The payment confirmation mail's link: a GET that only reads, so a mail scanner following it
  // changes nothing.
  typed.get(
    '/api/public/substitution-document/:token',
    { config: rateLimit(20, '1 minute'), schema: { params: acceptTokenSchema } },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      return sendPdf(reply, await documentForToken(deps, request.params.token));
    },
  );
}

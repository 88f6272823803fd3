import { paymentLinkDtoSchema } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../../app/http.ts';
import { sendPdf } from '../../documents/pdf.ts';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { rateLimit } from '../../app/rate-limit.ts';
import { acceptanceOf, acceptOffer } from '../offers.acceptance.ts';
import type { LifecycleDeps } from '../offers.deps.ts';
import { documentForPayer, documentForToken, payerDocumentStatus } from '../documents/substitution-document.ts';
import { startPayment } from './client.service.ts';
import {
  acceptanceResponse,
  acceptBody,
  acceptResponse,
  paymentBody,
  paymentParams,
} from '../offers.schemas.ts';

/**
 * The payer's secret (decision 013): a browser that sends it back gets its own open checkout of
 * the offer again; nobody else does.
 */
export const PAYER_COOKIE = 'substytut_payer';
/** As long as a checkout can live (Stripe's maximum of 24 hours). */
const PAYER_COOKIE_MAX_AGE_S = 24 * 60 * 60;

/**
 * The client's side of an offer: starting the payment from the public page and confirming the
 * finished job (the provider's events reach the lifecycle through the composition root).
 */
export async function offersClientRoutes(
  app: FastifyInstance,
  { lifecycle: deps }: { lifecycle: LifecycleDeps },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/public/profile/:seolink/payment/:offerUrl',
    {
      config: rateLimit(20, '1 minute'),
      schema: {
        params: paymentParams,
        body: paymentBody(app.clock),
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
    typed.get(`${prefix}/offer/accept/:token`, { schema: { params: acceptBody } }, async (request, reply) =>
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
      schema: { body: acceptBody, response: { 200: dataOf(acceptResponse) } },
    },
    async (request) => ok(await acceptOffer(deps, request.body.token)),
  );

  // A POST, though it only reads, so the secret token stays out of URLs and request logs.
  typed.post(
    '/api/public/offer/status',
    {
      config: rateLimit(20, '1 minute'),
      schema: { body: acceptBody, response: { 200: dataOf(acceptanceResponse) } },
    },
    async (request) => ok(await acceptanceOf(deps, request.body.token)),
  );

  // The substitution document (decision 021). On the payer's own payment path, so the browser
  // sends its payer cookie (whose path is that endpoint) and nobody else's browser has one.
  typed.get(
    '/api/public/profile/:seolink/payment/:offerUrl/document/status',
    {
      config: rateLimit(60, '1 minute'),
      schema: { params: paymentParams, response: { 200: dataOf(payerDocumentStatusResponse) } },
    },
    async (request, reply) => {
      const { seolink, offerUrl } = request.params;
      reply.header('cache-control', 'no-store');
      return ok(await payerDocumentStatus(deps, seolink, offerUrl, request.cookies[PAYER_COOKIE] ?? null));
    },
  );

  typed.get(
    '/api/public/profile/:seolink/payment/:offerUrl/document',
    { config: rateLimit(20, '1 minute'), schema: { params: paymentParams } },
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
    { config: rateLimit(20, '1 minute'), schema: { params: acceptBody } },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      return sendPdf(reply, await documentForToken(deps, request.params.token));
    },
  );
}

const payerDocumentStatusResponse = z.object({
  ready: z.boolean(),
  kind: z.enum(['substitution', 'authorisation']).nullable(),
  file_name: z.string().nullable(),
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashToken } from '../app/token-crypto.ts';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { LOCALES } from '@substytut/shared/locale';
import { invalidWebhookSignature } from './payments.errors.ts';
import type { Payments } from './payments.service.ts';
import {
  findSandboxLinkTarget,
  usedSandboxLinkLocale,
  useSandboxLink,
  type SandboxLinkPurpose,
} from './payments.repo.ts';
import { sandboxAccountLedger, sandboxAccountRefunds } from './sandbox-ledger.ts';
import { dashboardPage, invalidLinkPage, onboardingPage, usedDashboardLinkPage } from './sandbox-pages.ts';
import { SANDBOX_PAGES_PREFIX, type SandboxProvider } from './sandbox-provider.ts';
import { checkoutClosedPage, checkoutPage } from './sandbox-checkout-page.ts';
import { subscriptionPage } from './sandbox-subscription-page.ts';
import type { PaymentAdapter } from './payments.provider.ts';
import { paymentEventOf } from './stripe-provider.ts';

export const STRIPE_CONNECT_WEBHOOK_PATH = '/api/webhooks/stripe/connect';
/** checkout.session.*, charge.refunded and charge.dispute.created of the platform account */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface PaymentsRoutesOptions {
  payments: Payments;
  /** the configured provider's client: Stripe's webhooks, or the sandbox's own pages */
  adapter: PaymentAdapter;
}

/**
 * Serves what the payment provider calls: Stripe's webhooks, or the sandbox provider's own
 * pages. The provider and the payments service are built once, by the composition root.
 */
export async function paymentsRoutes(app: FastifyInstance, { payments, adapter }: PaymentsRoutesOptions) {
  const { config } = app;
  const { stripe, sandbox } = adapter;
  if (stripe && !config.stripeConnectWebhookSecret) {
    app.log.warn('STRIPE_CONNECT_WEBHOOK_SECRET is unset: payment accounts will never become ready');
  }
  if (stripe) {
    const client = stripe;
    // Connect events (accounts) and the platform's own events (checkouts, charges) come to two
    // endpoints, each with its own signing secret.
    const endpoints = [
      { path: STRIPE_CONNECT_WEBHOOK_PATH, secret: config.stripeConnectWebhookSecret },
      { path: STRIPE_WEBHOOK_PATH, secret: config.stripeWebhookSecret },
    ].filter((e): e is { path: string; secret: string } => e.secret !== null);
    if (!config.stripeWebhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is unset: payments will never be confirmed');
    }
    await app.register(async (scope) => {
      // The signature covers the exact bytes Stripe sent, so the body must stay unparsed.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_r, body, done) => done(null, body),
      );
      for (const { path, secret } of endpoints) {
        scope.post(path, { config: { csrf: false } }, async (request) => {
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
            throw invalidWebhookSignature();
          let event: Stripe.Event;
          try {
            event = client.webhooks.constructEvent(request.body, signature, secret);
          } catch {
            throw invalidWebhookSignature();
          }
          const mapped = paymentEventOf(event);
          const applied = mapped ? await payments.processEvent(mapped) : false;
          request.log.info({ eventId: event.id, type: event.type, applied }, 'stripe event');
          return { received: true };
        });
      }
    });
  }

  if (sandbox) {
    const pages = sandbox;
    await app.register(async (scope) => sandboxPages(scope, pages, payments));
  }
}

/** The link's token and (issue 34) the language it was asked for in; an unknown one is ignored. */
const tokenQuery = z.object({
  token: z.string().min(1).max(200),
  lang: z.enum(LOCALES).optional().catch(undefined),
});
const accountParams = z.object({ accountId: z.string().min(1).max(100) });
const onboardingForm = z.object({
  token: z.string().min(1).max(200),
  action: z.enum(['complete', 'abandon']),
});

/** The sandbox provider's onboarding and dashboard pages (plain server-rendered HTML). */
async function sandboxPages(app: FastifyInstance, sandbox: SandboxProvider, payments: Payments) {
  const backUrl = `${app.config.publicUrl}/dashboard/profile`;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  function html(reply: FastifyReply, status: number, body: string) {
    return (
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The token is in the address; it must not travel to another site in a Referer header.
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .send(body)
    );
  }

  async function target(purpose: SandboxLinkPurpose, accountId: string, token: string) {
    const found = await findSandboxLinkTarget(app.db, {
      tokenHash: hashToken(token),
      accountId,
      purpose,
      now: app.clock.now(),
    });
    // An account left from before a switch to Stripe is no longer the sandbox's to show.
    return found && found.account.provider === 'sandbox' ? found : null;
  }

  const invalid = (reply: FastifyReply, acceptLanguage: string | undefined) =>
    html(reply, 404, invalidLinkPage(localeFromAcceptLanguage(acceptLanguage), backUrl));

  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A malformed link is answered with the same page as an unknown one, not the API's JSON 400:
  // the route's validation error is attached to the request for the handler to see.
  const page = { attachValidation: true } as const;

  typed.get(
    `${SANDBOX_PAGES_PREFIX}/onboarding/:accountId`,
    { ...page, schema: { params: accountParams, querystring: tokenQuery } },
    async (request, reply) => {
      const found = request.validationError
        ? null
        : await target('onboarding', request.params.accountId, request.query.token);
      if (!found) return invalid(reply, request.headers['accept-language']);
      return html(
        reply,
        200,
        onboardingPage({
          locale: request.query.lang ?? found.locale,
          accountId: found.account.accountId,
          email: found.email,
          action: `${SANDBOX_PAGES_PREFIX}/onboarding/${encodeURIComponent(found.account.accountId)}`,
          // The form posts the link's own token back: another site cannot know it, so it also
          // serves as the form's anti-forgery token.
          token: request.query.token,
        }),
      );
    },
  );

  typed.post(
    `${SANDBOX_PAGES_PREFIX}/onboarding/:accountId`,
    { ...page, schema: { params: accountParams, body: onboardingForm } },
    async (request, reply) => {
      const form = request.body;
      const found = request.validationError
        ? null
        : await target('onboarding', request.params.accountId, form.token);
      if (!found) return invalid(reply, request.headers['accept-language']);
      if (!(await useSandboxLink(app.db, hashToken(form.token), app.clock.now()))) {
        return invalid(reply, request.headers['accept-language']);
      }
      if (form.action === 'complete') {
        // The same event, through the same handler, as Stripe's account.updated after verification.
        await payments.processEvent({
          provider: 'sandbox',
          id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
          type: 'account.updated',
          created: app.clock.now(),
          account: {
            accountId: found.account.accountId,
            chargesEnabled: true,
            payoutsEnabled: true,
            detailsSubmitted: true,
          },
        });
      }
      return reply.redirect(backUrl, 303);
    },
  );

  // Single use, like Stripe's login links: a link that leaked (history, a shared screen, a
  // proxy log) no longer opens the account. The conditional update decides between racing opens.
  typed.get(
    `${SANDBOX_PAGES_PREFIX}/dashboard/:accountId`,
    { ...page, schema: { params: accountParams, querystring: tokenQuery } },
    async (request, reply) => {
      if (request.validationError) return invalid(reply, request.headers['accept-language']);
      const { token } = request.query;
      const { accountId } = request.params;
      const tokenHash = hashToken(token);
      const found = await target('dashboard', accountId, token);
      if (!found || !(await useSandboxLink(app.db, tokenHash, app.clock.now()))) {
        const locale = await usedSandboxLinkLocale(app.db, {
          tokenHash,
          accountId,
          purpose: 'dashboard',
        });
        if (!locale) return invalid(reply, request.headers['accept-language']);
        return html(reply, 410, usedDashboardLinkPage(request.query.lang ?? locale, backUrl));
      }
      const ledger = await sandboxAccountLedger(app.db, found.account.accountId);
      return html(
        reply,
        200,
        dashboardPage({
          locale: request.query.lang ?? found.locale,
          accountId: found.account.accountId,
          email: found.email,
          ready: found.account.payoutsEnabled,
          balance: ledger.balance,
          transfers: ledger.transfers,
          refunds: await sandboxAccountRefunds(app.db, found.account.accountId),
          backUrl,
        }),
      );
    },
  );

  const checkoutParams = z.object({ sessionId: z.string().min(1).max(100) });
  const checkoutForm = z.object({
    token: z.string().min(1).max(200),
    action: z.enum(['pay', 'fail', 'cancel']),
    method: z.enum(['card', 'blik', 'p24']).optional(),
  });
  const closed = (reply: FastifyReply, acceptLanguage: string | undefined) =>
    html(reply, 410, checkoutClosedPage(localeFromAcceptLanguage(acceptLanguage), app.config.publicUrl));

  // The hosted checkout page: like Stripe Checkout, the link itself (a random session id and
  // token) is what opens it, and the form posts the token back as its anti-forgery token.
  typed.get(
    `${SANDBOX_PAGES_PREFIX}/checkout/:sessionId`,
    { ...page, schema: { params: checkoutParams, querystring: tokenQuery } },
    async (request, reply) => {
      const session = request.validationError
        ? null
        : await sandbox.findCheckout(request.params.sessionId, request.query.token);
      if (!session) return closed(reply, request.headers['accept-language']);
      return html(
        reply,
        200,
        checkoutPage({
          locale: session.locale,
          amount: session.amount,
          title: session.title,
          payee: session.payee,
          email: session.customerEmail,
          action: `${SANDBOX_PAGES_PREFIX}/checkout/${encodeURIComponent(session.sessionId)}`,
          token: request.query.token,
        }),
      );
    },
  );

  typed.post(
    `${SANDBOX_PAGES_PREFIX}/checkout/:sessionId`,
    { ...page, schema: { params: checkoutParams, body: checkoutForm } },
    async (request, reply) => {
      const form = request.body;
      const session = request.validationError
        ? null
        : await sandbox.findCheckout(request.params.sessionId, form.token);
      if (!session) return closed(reply, request.headers['accept-language']);
      // The same events as Stripe's webhooks, through the same handler.
      if (form.action === 'pay') {
        if (!(await sandbox.completeCheckout(session.sessionId)))
          return closed(reply, request.headers['accept-language']);
        return reply.redirect(session.successUrl, 303);
      }
      const failed = form.action === 'fail';
      await sandbox.endCheckout(session.sessionId, failed ? 'failed' : 'expired');
      // A failed payment lands on the cancel page too, told apart so it says the payment failed.
      return reply.redirect(
        failed ? withQuery(session.cancelUrl, 'reason', 'failed') : session.cancelUrl,
        303,
      );
    },
  );

  // The hosted subscribe page of Pro (decision 049): opened by its link alone, like the checkout.
  const subscriptionParams = z.object({ subscriptionId: z.string().min(1).max(100) });
  const subscriptionForm = z.object({
    token: z.string().min(1).max(200),
    action: z.enum(['subscribe', 'declining', 'cancel']),
  });
  typed.get(
    `${SANDBOX_PAGES_PREFIX}/subscription/:subscriptionId`,
    { ...page, schema: { params: subscriptionParams, querystring: tokenQuery } },
    async (request, reply) => {
      const found = request.validationError
        ? null
        : await sandbox.findOpenSubscription(request.params.subscriptionId, request.query.token);
      if (!found) return closed(reply, request.headers['accept-language']);
      return html(
        reply,
        200,
        subscriptionPage({
          locale: found.locale,
          amount: found.amount,
          email: found.customerEmail,
          action: `${SANDBOX_PAGES_PREFIX}/subscription/${encodeURIComponent(found.subscriptionId)}`,
          token: request.query.token,
        }),
      );
    },
  );

  typed.post(
    `${SANDBOX_PAGES_PREFIX}/subscription/:subscriptionId`,
    { ...page, schema: { params: subscriptionParams, body: subscriptionForm } },
    async (request, reply) => {
      const form = request.body;
      const found = request.validationError
        ? null
        : await sandbox.findOpenSubscription(request.params.subscriptionId, form.token);
      if (!found) return closed(reply, request.headers['accept-language']);
      if (form.action === 'cancel') return reply.redirect(found.cancelUrl, 303);
      if (!(await sandbox.startSubscription(found, form.action === 'declining')))
        return closed(reply, request.headers['accept-language']);
      return reply.redirect(found.successUrl, 303);
    },
  );
}

function withQuery(url: string, name: string, value: string): string {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
}

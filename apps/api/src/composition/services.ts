import type { FastifyInstance } from 'fastify';
import { onBoardOfferPaid, type BoardDeps } from '../modules/board/index.ts';
import { createBoardAlerts, type BoardAlerts } from '../modules/alerts/index.ts';
import { createKsefPort, type KsefPort } from '../modules/ksef/index.ts';
import { createInvoicing } from '../modules/invoices/index.ts';
import {
  createOfferCards,
  handlePaymentEvents,
  mailContextOf,
  type LifecycleDeps,
  type OfferCards,
} from '../modules/offers/index.ts';
import {
  createPaymentAdapter,
  createPayments,
  type PaymentAdapter,
  type Payments,
} from '../modules/payments/index.ts';
import { feeBasisPointsForUser, handlePlanEvents, type PlansDeps } from '../modules/plans/index.ts';
import { refreshProfileStatus } from '../modules/profile/index.ts';
import { createLicenceRegister, type LicenceDeps } from '../modules/licence/index.ts';
import { publicProfilesSitemap } from '../modules/public-profile/index.ts';
import { staticPages, type SitemapSource } from '../modules/seo/index.ts';

/**
 * Every feature service, built once, here, from the app's kernel (database, clock, config,
 * storage, log), and wired to each other: features get them as plugin options instead of
 * reaching for decorators, and subscribe to each other only in this file.
 */
export interface Services {
  payments: Payments;
  paymentAdapter: PaymentAdapter;
  /** what every step of the offer lifecycle needs */
  lifecycle: LifecycleDeps;
  offerCards: OfferCards;
  sitemapSources: SitemapSource[];
  /** the licence register and what its checks need (issue 22) */
  licence: LicenceDeps;
  /** KSeF (sandbox or API 2.0); the outbox worker (server.ts) sends the issued invoices through it */
  ksef: KsefPort;
  /** the substitution board (issue 32): its routes, its clock (server.ts) and its alerts */
  board: BoardDeps;
  /** the board's alerts and live updates (issue 32): the board's notifier, the routes, the worker */
  alerts: BoardAlerts;
  /** the lawyer's plan and Pro subscription (issue 34 §3) */
  plans: PlansDeps;
}

export function createServices(app: FastifyInstance): Services {
  const { db, clock, config, log } = app;
  const paymentAdapter = createPaymentAdapter(config, db, clock);
  const payments = createPayments({ db, clock, provider: paymentAdapter.provider, log });
  const invoicing = createInvoicing({ db, clock, config, log });
  const lifecycle: LifecycleDeps = {
    db,
    clock,
    payments,
    invoicing,
    config,
    log,
    // The fee of the lawyer's plan goes with each payment (issue 34 §3).
    feeBasisPointsFor: feeBasisPointsForUser,
  };
  const offerCards = createOfferCards({ db, storage: app.storage, log });

  // The sandbox raises its events in-process; Stripe's arrive through the webhook routes.
  paymentAdapter.sandbox?.setEventSink((event, alongside) => payments.processEvent(event, alongside));
  // A checkout paid, ended, refunded or disputed moves its offer.
  handlePaymentEvents(payments, lifecycle);
  // A Pro subscription started, renewed, set to end or ended changes the lawyer's plan.
  const plans: PlansDeps = { db, clock, config, payments, log: log.child({ component: 'plans' }) };
  handlePlanEvents(payments, plans);
  // The board (issue 32): its alerts and live updates are the board's notifier.
  const alerts = createBoardAlerts({
    db,
    clock,
    config,
    log: log.child({ component: 'alerts' }),
    listen: app.dbListen,
  });
  const board: BoardDeps = {
    db,
    clock,
    config,
    log: log.child({ component: 'board' }),
    notifier: alerts,
    lifecycle,
  };
  // After the offers' handler in the same transaction: the paid offer of a pick makes its request paid.
  payments.on('checkout.completed', (tx, event) => onBoardOfferPaid(board, tx, event));
  // A change of the payment account (new, replaced, became ready) can change the profile's status.
  payments.onAccountChanged((tx, userId) => refreshProfileStatus(tx, payments, userId, clock.now()));

  const licence: LicenceDeps = {
    db,
    clock,
    register: createLicenceRegister(config, db),
    mail: mailContextOf({ config }),
    log: log.child({ component: 'licence' }),
  };

  return {
    payments,
    paymentAdapter,
    lifecycle,
    offerCards,
    sitemapSources: [staticPages, publicProfilesSitemap],
    licence,
    ksef: createKsefPort(config, { storage: app.storage, clock }),
    board,
    alerts,
    plans,
  };
}

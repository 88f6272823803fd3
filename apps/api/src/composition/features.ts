import type { FastifyInstance } from 'fastify';
import type { PageMetaResolver } from '../modules/app/web-app.ts';
import { adminRoutes } from '../modules/admin/index.ts';
import { alertsRoutes } from '../modules/alerts/index.ts';
import { authRoutes } from '../modules/auth/index.ts';
import { boardRoutes, peopleRoutes, posterViewOf } from '../modules/board/index.ts';
import { calendarRoutes } from '../modules/calendar/index.ts';
import { companyLookupRoutes } from '../modules/company-lookup/index.ts';
import { contactRoutes } from '../modules/contact/index.ts';
import { checkLicence, checkTrainingStart, licenceRoutes, queueLicenceCheck } from '../modules/licence/index.ts';
import { invoicesRoutes } from '../modules/invoices/index.ts';
import { myDataRoutes } from '../modules/my-data/index.ts';
import {
  offersAdminRoutes,
  offersClientRoutes,
  offersDisputeRoutes,
  offersLawyerRoutes,
} from '../modules/offers/index.ts';
import { paymentsRoutes } from '../modules/payments/index.ts';
import { plansRoutes } from '../modules/plans/index.ts';
import { profileRoutes } from '../modules/profile/index.ts';
import { publicProfilePageMeta, publicProfileRoutes } from '../modules/public-profile/index.ts';
import { seoRoutes } from '../modules/seo/index.ts';
import type { Services } from './services.ts';

/**
 * Every feature's routes, registered by buildApp, each given the services it uses. A feature
 * module exports one Fastify plugin (`<feature>.routes.ts`) and is added here.
 */
export async function registerFeatures(app: FastifyInstance, services: Services): Promise<void> {
  const { payments, paymentAdapter, lifecycle, offerCards, sitemapSources, licence } = services;
  await app.register(authRoutes);
  await app.register(contactRoutes);
  await app.register(seoRoutes, { sources: sitemapSources });
  await app.register(paymentsRoutes, { payments, adapter: paymentAdapter });
  await app.register(plansRoutes, { deps: services.plans });
  await app.register(profileRoutes, {
    payments,
    // The lawyer's live offer cards show the name, specialization and photo.
    onProfileChanged: (userId) => offerCards.refreshProfileInBackground(userId),
    // Issue 22: a new name, type, chamber or entry number is asked of the register again. The
    // embedded register answers at once; the real one (up to its timeout) after the answer is sent.
    onProfileSaved: async (before, after, origin) => {
      const { due, droppedCertificate } = await queueLicenceCheck(licence, before, after);
      if (droppedCertificate) {
        await app.storage
          .delete(droppedCertificate)
          .catch((err: unknown) => app.log.warn({ err, key: droppedCertificate }, 'old certificate left'));
      }
      if (!due) return;
      // Issue 32: a new training start alone is compared with the register's date only.
      const check = () => (due === 'training_start' ? checkTrainingStart(licence, after.id) : checkLicence(licence, after.id, origin));
      if (licence.register.kind === 'sample') await check();
      else app.background.run('licence check', check);
    },
  });
  await app.register(licenceRoutes, { deps: licence });
  await app.register(offersLawyerRoutes, { lifecycle, cards: offerCards, storage: app.storage });
  await app.register(companyLookupRoutes);
  await app.register(offersClientRoutes, { lifecycle, storage: app.storage });
  await app.register(offersAdminRoutes, { lifecycle, storage: app.storage });
  await app.register(offersDisputeRoutes, { lifecycle, storage: app.storage });
  await app.register(publicProfileRoutes);
  await app.register(adminRoutes);
  await app.register(myDataRoutes);
  await app.register(calendarRoutes, { deps: lifecycle });
  await app.register(invoicesRoutes);
  await app.register(boardRoutes, { deps: services.board });
  await app.register(alertsRoutes, { deps: services.alerts.deps });
  // Issue 32: favourites and references around a job from the board.
  await app.register(peopleRoutes, { mail: licence.mail, myBoardRequest: posterViewOf });
}

/** Client routes whose head tags the server fills from the database (link previews). */
export const webPageMetaResolvers: ((app: FastifyInstance) => PageMetaResolver)[] = [publicProfilePageMeta];

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PageMetaResolver } from './app/web-app.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { companyLookupRoutes } from './company-lookup/company-lookup.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { myDataRoutes } from './my-data/my-data.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { publicProfilePageMeta, publicProfileRoutes } from './public-profile/public-profile.routes.ts';
import { seoRoutes } from './seo/seo.routes.ts';

/**
 * Every feature's routes, registered by buildApp in this order. A feature module exports one
 * Fastify plugin (`<feature>.routes.ts`) and adds it here.
 */
export const featureModules: FastifyPluginAsync[] = [
  authRoutes,
  contactRoutes,
  seoRoutes,
  // payments decorates the app with `payments`, which profile uses
  paymentsRoutes,
  profileRoutes,
  // after profile: re-renders offer cards when a profile changes
  offersRoutes,
  companyLookupRoutes,
  checkoutRoutes,
  publicProfileRoutes,
  adminRoutes,
  myDataRoutes,
];

/** Client routes whose head tags the server fills from the database (link previews). */
export const webPageMetaResolvers: ((app: FastifyInstance) => PageMetaResolver)[] = [publicProfilePageMeta];

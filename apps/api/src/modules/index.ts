import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { companyLookupRoutes } from './company-lookup/company-lookup.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
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
  companyLookupRoutes,
];

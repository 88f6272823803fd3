import multipart from '@fastify/multipart';
import {
  CV_MAX_BYTES,
  IMAGE_MAX_BYTES,
  paymentLinkRequestSchema,
  providerInvoiceSchema,
} from '@substytut/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../app/authenticate.ts';
import { ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { adminHasNoProfile } from './profile.errors.ts';
import {
  cvResponse,
  imageResponse,
  invoiceResponse,
  profileBody,
  profileResponse,
  urlResponse,
} from './profile.schemas.ts';
import {
  getInvoiceData,
  getProfile,
  replaceProfileFile,
  saveInvoiceData,
  saveProfile,
  type ProfileDeps,
} from './profile.service.ts';
import type { Payments } from '../payments/index.ts';
import { checkCv, processProfileImage, readUpload, refuseDeclaredOver } from '../storage/index.ts';

export interface ProfileRoutesOptions {
  payments: Payments;
  /** after a change that shows on the lawyer's offer cards (name, specialization, photo) */
  onProfileChanged: (userId: string) => void;
  /** after PUT /user/profile stored the profile, with the row before (null: none) and after */
  onProfileSaved?: ProfileDeps['onProfileSaved'];
}

/** The lawyer's own profile, invoice data, files and payment account (spec 7, /user/profile…). */
export async function profileRoutes(
  app: FastifyInstance,
  { payments, onProfileChanged, onProfileSaved }: ProfileRoutesOptions,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps: ProfileDeps = {
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    payments,
    log: app.log,
    onProfileSaved,
  };

  // Scoped to this plugin; the rest of the API keeps the 1 MB JSON limit.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  // An administrator oversees profiles and has none of their own: reading one here would create
  // an empty draft that then lists in the admin table without a name (issue 25).
  const requireLawyer = async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (currentUser(request).role === 'admin') throw adminHasNoProfile();
  };
  // Before the body is validated: a visitor without a session gets 401, never a field error.
  const auth = { preValidation: requireLawyer };
  const uploadLimit = rateLimit(30, '1 minute');

  typed.get(
    '/api/user/profile',
    { ...auth, schema: { response: { 200: profileResponse } } },
    async (request) => ok(await getProfile(deps, currentUser(request))),
  );

  typed.put(
    '/api/user/profile',
    { ...auth, schema: { body: profileBody(app.clock), response: { 200: profileResponse } } },
    async (request) => {
      const user = currentUser(request);
      const saved = await saveProfile(deps, { ...user, ip: request.ip }, request.body);
      onProfileChanged(user.id);
      return ok(saved);
    },
  );

  typed.post(
    '/api/user/profile/image',
    {
      ...auth,
      preHandler: refuseDeclaredOver(IMAGE_MAX_BYTES),
      config: uploadLimit,
      schema: { response: { 200: imageResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      const image = await processProfileImage(await readUpload(request, IMAGE_MAX_BYTES));
      const imageUrl = await replaceProfileFile(deps, user, 'imageKey', image);
      onProfileChanged(user.id);
      return ok({ imageUrl });
    },
  );

  typed.post(
    '/api/user/profile/cv',
    {
      ...auth,
      preHandler: refuseDeclaredOver(CV_MAX_BYTES),
      config: uploadLimit,
      schema: { response: { 200: cvResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      const cv = checkCv(await readUpload(request, CV_MAX_BYTES));
      return ok({ cvUrl: await replaceProfileFile(deps, user, 'cvKey', cv) });
    },
  );

  typed.get(
    '/api/user/profile/invoice',
    { ...auth, schema: { response: { 200: invoiceResponse } } },
    async (request) => ok(await getInvoiceData(deps, currentUser(request))),
  );

  typed.put(
    '/api/user/profile/invoice',
    { ...auth, schema: { body: providerInvoiceSchema, response: { 200: invoiceResponse } } },
    async (request) => ok(await saveInvoiceData(deps, currentUser(request), request.body)),
  );

  const providerLimit = rateLimit(20, '1 minute');

  typed.post(
    '/api/user/profile/stripe/createaccount',
    {
      ...auth,
      config: providerLimit,
      schema: { body: paymentLinkRequestSchema, response: { 200: urlResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      return ok({ url: await payments.startOnboarding(user, request.body?.locale) });
    },
  );

  typed.post(
    '/api/user/profile/stripe/login',
    {
      ...auth,
      config: providerLimit,
      schema: { body: paymentLinkRequestSchema, response: { 200: urlResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      return ok({ url: await payments.dashboardLink(user, request.body?.locale) });
    },
  );
}

import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { CERTIFICATE_MAX_BYTES, licenceAnswerSchema, licenceCodeBodySchema, licenceNoKey } from '@substytut/shared';
import {
  licenceReviewDecisionSchema,
  licenceReviewListSchema,
  type LicenceReviewItem,
} from '@substytut/shared/admin-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../app/authenticate.ts';
import { notFound } from '../app/errors.ts';
import { dataOf, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { adminHasNoProfile, ensureProfile, findProfileByUser } from '../profile/index.ts';
import { readUpload, refuseDeclaredOver } from '../storage/index.ts';
import { checkCertificate } from './certificate.ts';
import { resendCode } from './licence.code.ts';
import { checksOf, claimsOfNumbers, findProfileById, profilesInReview } from './licence.repo.ts';
import {
  certificateUploaded,
  confirmLicenceCode,
  decideReview,
  recheckLicence,
  type LicenceDeps,
} from './licence.service.ts';

export interface LicenceRoutesOptions {
  deps: LicenceDeps;
}

const licenceResponse = dataOf(licenceAnswerSchema);
const profileIdParams = z.object({ profileId: z.coerce.number().int().positive().max(2_147_483_647) });

export const certificateUrl = (profileId: number) => `/api/admin/licence-reviews/${profileId}/certificate`;

/**
 * The lawyer's licence (issue 22): ask the register again, send a chamber certificate; and the
 * administrator's review queue with its evidence, the certificates and the decisions.
 */
export async function licenceRoutes(app: FastifyInstance, { deps }: LicenceRoutesOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  const requireLawyer = async (request: FastifyRequest) => {
    await app.requireUser(request);
    if (currentUser(request).role === 'admin') throw adminHasNoProfile();
  };
  const ownProfileId = async (request: FastifyRequest) => {
    const user = currentUser(request);
    await ensureProfile(app.db, user.id, app.clock.now());
    const row = await findProfileByUser(app.db, user.id);
    if (!row) throw notFound('profile.not_found');
    return row.id;
  };

  // The register allows one request per 10 s for the whole deployment; a lawyer asking again
  // and again would only queue behind everyone else.
  typed.post(
    '/api/user/profile/licence/check',
    { preValidation: requireLawyer, config: rateLimit(3, '1 minute'), schema: { response: { 200: licenceResponse } } },
    async (request) =>
      ok({ licence: await recheckLicence(deps, await ownProfileId(request), { ip: request.ip }) }),
  );

  // Issue 30: the one-time code sent to the register's contact. Five tries per code are counted
  // in the database; the route's limit only slows a script down.
  typed.post(
    '/api/user/profile/licence/code',
    {
      preValidation: requireLawyer,
      config: rateLimit(10, '1 minute'),
      schema: { body: licenceCodeBodySchema, response: { 200: licenceResponse } },
    },
    async (request) =>
      ok({ licence: await confirmLicenceCode(deps, await ownProfileId(request), request.body.code) }),
  );

  typed.post(
    '/api/user/profile/licence/code/resend',
    { preValidation: requireLawyer, config: rateLimit(3, '1 minute'), schema: { response: { 200: licenceResponse } } },
    async (request) => ok({ licence: await resendCode(deps, await ownProfileId(request), { ip: request.ip }) }),
  );

  typed.post(
    '/api/user/profile/licence/certificate',
    {
      preValidation: requireLawyer,
      preHandler: refuseDeclaredOver(CERTIFICATE_MAX_BYTES),
      config: rateLimit(10, '1 minute'),
      schema: { response: { 200: licenceResponse } },
    },
    async (request) => {
      const profileId = await ownProfileId(request);
      const file = checkCertificate(await readUpload(request, CERTIFICATE_MAX_BYTES));
      // Under private/: never served by /storage/, only through the administrator's route.
      const key = `private/licence/${randomBytes(16).toString('hex')}${file.extension}`;
      await app.storage.put(key, file.bytes, file.contentType);
      let result: Awaited<ReturnType<typeof certificateUploaded>>;
      try {
        result = await certificateUploaded(deps, profileId, key);
      } catch (error) {
        await app.storage.delete(key).catch(() => undefined);
        throw error;
      }
      if (result.replaced) {
        const old = result.replaced;
        await app.storage.delete(old).catch((err: unknown) => app.log.warn({ err, key: old }, 'old certificate left'));
      }
      return ok({ licence: result.licence });
    },
  );

  const admin = { onRequest: app.requireAdmin };

  typed.get(
    '/api/admin/licence-reviews',
    { ...admin, schema: { response: { 200: dataOf(licenceReviewListSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await profilesInReview(app.db);
      const checks = await checksOf(
        app.db,
        rows.map((r) => r.id),
      );
      // Issue 30: every account giving the same number, side by side with the one in review.
      const claims = await claimsOfNumbers(
        app.db,
        rows.map((r) => r.licenseNo),
      );
      const items: LicenceReviewItem[] = rows.map((row) => ({
        profile_id: row.id,
        name: [row.firstname, row.lastname].filter((s) => s !== '').join(' '),
        professional_type: row.permissions,
        license_no: row.licenseNo,
        state: row.licenceState,
        certificate_url: row.licenceCertificateKey ? certificateUrl(row.id) : null,
        submitted_at: (row.licenceCertificateAt ?? row.licenceCheckedAt ?? row.updatedAt).toISOString(),
        checks: checks
          .filter((c) => c.profileId === row.id)
          .map((c) => ({
            source: c.source,
            url: c.url,
            fetched_at: c.fetchedAt.toISOString(),
            sha256: c.sha256,
            parsed: c.parsed,
            outcome: c.outcome,
            reason: c.reason,
          })),
        claims: claims
          .filter((c) => c.profileId !== row.id && licenceNoKey(c.licenseNo) === licenceNoKey(row.licenseNo))
          .map((c) => ({
            profile_id: c.profileId,
            name: c.name,
            email: c.email,
            state: c.state,
            method: c.state === 'verified' ? c.method : null,
            verified_at: c.state === 'verified' ? (c.verifiedAt?.toISOString() ?? null) : null,
            account_created_at: c.accountCreatedAt.toISOString(),
          })),
      }));
      return ok({ items });
    },
  );

  typed.get(
    '/api/admin/licence-reviews/:profileId/certificate',
    { ...admin, schema: { params: profileIdParams } },
    async (request, reply) => {
      const row = await findProfileById(app.db, request.params.profileId);
      const stored = row?.licenceCertificateKey ? await app.storage.get(row.licenceCertificateKey) : null;
      if (!row || !stored) throw notFound('errors.not_found');
      const extension = row.licenceCertificateKey?.slice(row.licenceCertificateKey.lastIndexOf('.')) ?? '';
      reply
        .header('cache-control', 'no-store')
        .header('content-type', stored.contentType)
        .header('x-content-type-options', 'nosniff')
        // Always a download: a PDF or image from a stranger is never rendered in the admin's origin.
        .header('content-disposition', `attachment; filename="certificate-${row.id}${extension}"`);
      return reply.send(stored.body);
    },
  );

  typed.post(
    '/api/admin/licence-reviews/:profileId',
    {
      ...admin,
      schema: { params: profileIdParams, body: licenceReviewDecisionSchema, response: { 200: licenceResponse } },
    },
    async (request) => {
      const licence = await decideReview(deps, request.params.profileId, currentUser(request).id, request.body);
      return ok({ licence });
    },
  );
}

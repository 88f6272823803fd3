import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataExportStatusSchema,
  dataRequestConfirmSchema,
  dataRequestResultSchema,
  dataRequestSchema,
  deletionCheckSchema,
  successMessageSchema,
} from '@substytut/shared';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { currentUser } from '../app/authenticate.ts';
import { dataOf, ok } from '../app/http.ts';
import { localeFromAcceptLanguage } from '@substytut/shared/accept-language';
import { messageFor } from '../app/messages.ts';
import { webUrl } from '../mail/index.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { assertDeletable, deleteAccount, purgeExpiredTaxRecords, type DeleteDeps } from './my-data.delete.ts';
import {
  downloadByToken,
  downloadLatest,
  invoiceArchive,
  latestExport,
  purgeExpiredExports,
  requestExport,
  type ExportDeps,
} from './my-data.export.ts';
import { countInvoicesOfUser } from './my-data.collect.ts';
import { confirmPayerRequest, requestPayerData, type PayerDeps } from './my-data.payers.ts';

const LIMITS = {
  export: rateLimit(10, '1 minute'),
  download: rateLimit(20, '1 minute'),
  request: rateLimit(10, '1 minute'),
  confirm: rateLimit(20, '1 minute'),
  admin: rateLimit(30, '1 minute'),
};

function sendZip(reply: FastifyReply, file: { bytes: Buffer; filename: string }) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('content-length', file.bytes.byteLength)
    .type('application/zip')
    .send(file.bytes);
}

export function myDataDepsOf(app: FastifyInstance): ExportDeps & DeleteDeps & PayerDeps {
  return {
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    mailer: app.mailer,
    background: app.background,
    config: app.config,
    log: app.log,
  };
}

/** The clock job's part of "My data": expired export files and tax records past their period. */
export async function runMyDataSweeps(app: FastifyInstance) {
  const deps = myDataDepsOf(app);
  return {
    exportsPurged: await purgeExpiredExports(deps),
    accountsPurged: await purgeExpiredTaxRecords(deps),
  };
}

/**
 * "My data" (GDPR art. 15, 17, 20): a lawyer's export and deletion, the administrator's deletion
 * of an account, and a payer's requests confirmed by e-mail. The owner's own deletion, which needs
 * the password or Google again, is in auth.routes (POST /api/me/delete).
 */
export async function myDataRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = myDataDepsOf(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  typed.get(
    '/api/me/data-export',
    {
      preValidation: app.requireUser,
      schema: { response: { 200: dataOf(dataExportStatusSchema.nullable()) } },
    },
    async (request) => ok(await latestExport(deps, currentUser(request).id)),
  );

  typed.post(
    '/api/me/data-export',
    {
      preValidation: app.requireUser,
      config: LIMITS.export,
      schema: { response: { 200: dataOf(dataExportStatusSchema) } },
    },
    async (request) => ok(await requestExport(deps, currentUser(request))),
  );

  typed.get(
    '/api/me/data-export/file',
    { preValidation: app.requireUser, config: LIMITS.download },
    async (request, reply) => sendZip(reply, await downloadLatest(deps, currentUser(request).id)),
  );

  // The mailed link's page has a button that posts here; only that POST downloads (once). A GET or
  // HEAD (a mail scanner, a link preview, a link mailed before the page existed) changes nothing and
  // is sent to the page.
  const tokenParams = z.object({ token: z.string().min(1).max(200) });
  typed.get(
    '/api/data-export/:token',
    { config: LIMITS.download, schema: { params: tokenParams } },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const page = `/my-data/export/${encodeURIComponent(request.params.token)}`;
      return reply.redirect(webUrl(deps.config.publicUrl, locale, page), 303);
    },
  );

  typed.post(
    '/api/data-export/:token',
    { config: LIMITS.download, schema: { params: tokenParams } },
    async (request, reply) => sendZip(reply, await downloadByToken(deps, request.params.token)),
  );

  // Issue 34: before deleting the account, the lawyer takes their invoices with them.
  typed.get(
    '/api/me/invoice-archive',
    { preValidation: app.requireUser, config: LIMITS.download },
    async (request, reply) => sendZip(reply, await invoiceArchive(deps, currentUser(request))),
  );

  typed.get(
    '/api/me/deletion',
    {
      preValidation: app.requireUser,
      schema: {
        response: {
          200: dataOf(deletionCheckSchema),
        },
      },
    },
    async (request) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const user = currentUser(request);
      const [row] = await deps.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      const confirm_with = row?.hash ? ('password' as const) : ('google' as const);
      const invoices = await countInvoicesOfUser(deps.db, user.id);
      try {
        await assertDeletable(deps.db, user.id);
        return ok({ allowed: true, code: null, message: null, confirm_with, invoices });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !code.startsWith('my_data.')) throw error;
        return ok({ allowed: false, code, message: messageFor(code, locale), confirm_with, invoices });
      }
    },
  );

  typed.delete(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      config: LIMITS.admin,
      schema: { params: z.object({ id: z.uuid() }), response: { 200: dataOf(successMessageSchema) } },
    },
    async (request) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      await deleteAccount(deps, request.params.id);
      return ok({ success: true as const, message: messageFor('my_data.account_deleted', locale) });
    },
  );

  typed.post(
    '/api/data-requests',
    {
      config: LIMITS.request,
      schema: {
        body: dataRequestSchema,
        response: { 200: dataOf(successMessageSchema) },
      },
    },
    async (request) =>
      ok(
        requestPayerData(
          deps,
          request.body,
          request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  typed.post(
    '/api/data-requests/confirm',
    {
      config: LIMITS.confirm,
      schema: {
        body: dataRequestConfirmSchema,
        response: { 200: dataOf(dataRequestResultSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmPayerRequest(
          deps,
          request.body.token,
          request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );
}

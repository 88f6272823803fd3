import {
  groszeToDecimalString,
  invoiceDtoSchema,
  invoiceRetriedSchema,
  invoiceFailureDtoSchema,
  invoiceProblemsDtoSchema,
  type InvoiceFailureDto,
  invoiceSettingsDtoSchema,
  invoiceSettingsSchema,
  type InvoiceDto,
} from '@substytut/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../app/authenticate.ts';
import { dataOf, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import { hashToken } from '../app/token-crypto.ts';
import type { InvoiceFailureRow, InvoiceRow } from '../../db/schema/invoices.ts';
import { ksefBacklog } from '../ksef/index.ts';
import { PAYER_COOKIE } from '../offers/index.ts';
import { invoiceNotFound } from './invoices.errors.ts';
import { invoiceFileName, renderInvoicePdf } from './invoices.pdf.ts';
import { findInvoiceByPayerToken } from './invoice-mail.ts';
import {
  findAllInvoiceFailures,
  findInvoiceFailure,
  findInvoiceFailuresOfLawyer,
  findInvoiceOfLawyer,
  findInvoicesOfLawyer,
  findPayerInvoice,
  findPayment,
  findProfileOfUser,
} from './invoices.repo.ts';
import { retryInvoiceFailure, retryInvoiceKsef } from './invoices.retry.ts';
import { getInvoiceSettings, saveInvoiceSettings } from './invoices.settings.ts';

/** The most recent invoices the history page shows at once. */
const LIST_LIMIT = 500;

export function invoiceDto(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    offer_id: row.offerId,
    kind: row.kind,
    issuer: row.profileId === null ? 'platform' : 'lawyer',
    number: row.number,
    issue_date: row.issueDate,
    net: groszeToDecimalString(row.netGrosze),
    vat: groszeToDecimalString(row.vatGrosze),
    gross: groszeToDecimalString(row.grossGrosze),
    mode: row.mode,
    ksef_status: row.ksefStatus,
    ksef_number: row.ksefNumber,
    ksef_error: row.ksefError,
    ksef_error_code: row.ksefErrorCode,
    corrected_invoice_id: row.correctedInvoiceId,
  };
}

export function invoiceFailureDto(row: InvoiceFailureRow): InvoiceFailureDto {
  return {
    id: row.id,
    offer_id: row.offerId,
    kind: row.kind,
    issuer: row.platform ? 'platform' : 'lawyer',
    reason: row.reason,
    details: row.details,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const idParams = z.object({ id: z.string() });
const parseId = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw invoiceNotFound();
  return Number(raw);
};

function sendFile(reply: FastifyReply, body: Buffer | string, type: string, name: string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The lawyer's invoicing choice and invoices, and the payer's copy of their invoice. */
export async function invoicesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, config: app.config };
  const auth = { preValidation: app.requireUser };
  const ksefEnvironment = app.config.ksef.environment;

  const invoicing = { db: app.db, clock: app.clock, config: app.config, log: app.log };
  const admin = { onRequest: app.requireAdmin };

  /** A failure on one of this lawyer's offers; anything else is the same 404. */
  const lawyerFailure = async (userId: string, rawId: string) => {
    const profile = await findProfileOfUser(app.db, userId);
    const row = profile ? await findInvoiceFailure(app.db, parseId(rawId)) : null;
    if (!profile || !row) throw invoiceNotFound();
    const mine = await findInvoiceFailuresOfLawyer(app.db, profile.id);
    if (!mine.some((f) => f.id === row.id)) throw invoiceNotFound();
    return row;
  };

  const lawyerInvoice = async (userId: string, rawId: string) => {
    const profile = await findProfileOfUser(app.db, userId);
    const row = profile ? await findInvoiceOfLawyer(app.db, profile.id, parseId(rawId)) : null;
    if (!row) throw invoiceNotFound();
    return row;
  };

  typed.get(
    '/api/user/invoice-settings',
    { ...auth, schema: { response: { 200: dataOf(invoiceSettingsDtoSchema) } } },
    async (request) => ok(await getInvoiceSettings(deps, currentUser(request).id)),
  );

  typed.put(
    '/api/user/invoice-settings',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { body: invoiceSettingsSchema, response: { 200: dataOf(invoiceSettingsDtoSchema) } },
    },
    async (request) => ok(await saveInvoiceSettings(deps, currentUser(request).id, request.body)),
  );

  typed.get(
    '/api/user/invoices',
    { ...auth, schema: { response: { 200: dataOf(z.array(invoiceDtoSchema)) } } },
    async (request) => {
      const profile = await findProfileOfUser(app.db, currentUser(request).id);
      const rows = profile ? await findInvoicesOfLawyer(app.db, profile.id, LIST_LIMIT) : [];
      return ok(rows.map(invoiceDto));
    },
  );

  typed.get(
    '/api/user/invoice-failures',
    { ...auth, schema: { response: { 200: dataOf(z.array(invoiceFailureDtoSchema)) } } },
    async (request) => {
      const profile = await findProfileOfUser(app.db, currentUser(request).id);
      const rows = profile ? await findInvoiceFailuresOfLawyer(app.db, profile.id) : [];
      return ok(rows.map(invoiceFailureDto));
    },
  );

  // Once the lawyer fixed the cause (their invoice data), the invoice is made again.
  typed.post(
    '/api/user/invoice-failures/:id/retry',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { params: idParams, response: { 200: dataOf(invoiceRetriedSchema) } },
    },
    async (request) => {
      const failure = await lawyerFailure(currentUser(request).id, request.params.id);
      await retryInvoiceFailure(invoicing, failure.id);
      return ok({ retried: true as const });
    },
  );

  // Sends the lawyer's own invoice to KSeF again (after a refusal, or while it waits).
  typed.post(
    '/api/user/invoices/:id/retry',
    {
      ...auth,
      config: rateLimit(20, '1 minute'),
      schema: { params: idParams, response: { 200: dataOf(invoiceDtoSchema) } },
    },
    async (request) => {
      const row = await lawyerInvoice(currentUser(request).id, request.params.id);
      if (row.profileId === null) throw invoiceNotFound();
      return ok(invoiceDto(await retryInvoiceKsef(invoicing, row.id)));
    },
  );

  // The administrator: every invoice that could not be made, and every one KSeF refused or holds.
  typed.get(
    '/api/admin/invoice-problems',
    { ...admin, schema: { response: { 200: dataOf(invoiceProblemsDtoSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const failures = await findAllInvoiceFailures(app.db);
      const backlog = await ksefBacklog(app.db);
      return ok({
        failures: failures.map((f) => ({ ...invoiceFailureDto(f.failure), lawyer_email: f.email })),
        ksef: backlog.map((b) => ({
          invoice_id: b.invoiceId,
          offer_id: b.offerId,
          number: b.number,
          issuer: b.profileId === null ? ('platform' as const) : ('lawyer' as const),
          ksef_status: b.ksefStatus,
          ksef_error_code: b.ksefErrorCode,
          last_error: b.lastError,
          attempts: b.attempts,
          next_attempt_at: b.ksefStatus === 'rejected' ? null : b.nextAttemptAt.toISOString(),
          lawyer_email: b.email,
        })),
      });
    },
  );

  typed.post(
    '/api/admin/invoice-failures/:id/retry',
    { ...admin, schema: { params: idParams, response: { 200: dataOf(invoiceRetriedSchema) } } },
    async (request) => {
      const failure = await findInvoiceFailure(app.db, parseId(request.params.id));
      if (!failure) throw invoiceNotFound();
      await retryInvoiceFailure(invoicing, failure.id);
      return ok({ retried: true as const });
    },
  );

  typed.post(
    '/api/admin/invoices/:id/retry',
    { ...admin, schema: { params: idParams, response: { 200: dataOf(invoiceDtoSchema) } } },
    async (request) => ok(invoiceDto(await retryInvoiceKsef(invoicing, parseId(request.params.id)))),
  );

  typed.get(
    '/api/user/invoices/:id/xml',
    { ...auth, schema: { params: idParams } },
    async (request, reply) => {
      const row = await lawyerInvoice(currentUser(request).id, request.params.id);
      return sendFile(reply, row.xml, 'application/xml; charset=utf-8', invoiceFileName(row, 'xml'));
    },
  );

  typed.get(
    '/api/user/invoices/:id/pdf',
    { ...auth, config: rateLimit(30, '1 minute'), schema: { params: idParams } },
    async (request, reply) => {
      const row = await lawyerInvoice(currentUser(request).id, request.params.id);
      return sendFile(
        reply,
        await renderInvoicePdf(row, { ksefEnvironment }),
        'application/pdf',
        invoiceFileName(row, 'pdf'),
      );
    },
  );

  // Under the payment endpoint's path, so the browser sends the payer cookie (decision 013).
  typed.get(
    '/api/public/profile/:seolink/payment/:offerUrl/invoice',
    {
      config: rateLimit(20, '1 minute'),
      schema: { params: z.object({ seolink: z.string().max(200), offerUrl: z.string().max(200) }) },
    },
    async (request, reply) => {
      const secret = request.cookies[PAYER_COOKIE];
      const row = secret
        ? await findPayerInvoice(app.db, { ...request.params, payerHash: hashToken(secret) })
        : null;
      if (!row) throw invoiceNotFound();
      return sendFile(
        reply,
        await renderInvoicePdf(row, { ksefEnvironment }),
        'application/pdf',
        invoiceFileName(row, 'pdf'),
      );
    },
  );

  // The payer's lasting link from the invoice mails (decision 045): no cookie, no account.
  typed.get(
    '/api/public/invoices/:token/:file',
    {
      config: rateLimit(30, '1 minute'),
      schema: { params: z.object({ token: z.string().max(200), file: z.enum(['pdf', 'xml']) }) },
    },
    async (request, reply) => {
      const row = await findInvoiceByPayerToken(app.db, request.params.token, app.clock.now());
      if (!row) throw invoiceNotFound();
      reply.header('x-robots-tag', 'noindex');
      if (request.params.file === 'xml')
        return sendFile(reply, row.xml, 'application/xml; charset=utf-8', invoiceFileName(row, 'xml'));
      // In the payer's language, as the mail's attachment was.
      const payment = row.paymentId === null ? null : await findPayment(app.db, row.paymentId);
      return sendFile(
        reply,
        await renderInvoicePdf(row, { ksefEnvironment, locale: payment?.locale ?? 'pl' }),
        'application/pdf',
        invoiceFileName(row, 'pdf'),
      );
    },
  );
}

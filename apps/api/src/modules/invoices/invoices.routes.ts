import {
  groszeToDecimalString,
  invoiceDtoSchema,
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
import type { InvoiceRow } from '../../db/schema/invoices.ts';
import { PAYER_COOKIE } from '../offers/offers.client.routes.ts';
import { invoiceNotFound } from './invoices.errors.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import {
  findInvoiceOfLawyer,
  findInvoicesOfLawyer,
  findPayerInvoice,
  findProfileOfUser,
} from './invoices.repo.ts';
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
    corrected_invoice_id: row.correctedInvoiceId,
  };
}

const idParams = z.object({ id: z.string() });
const parseId = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw invoiceNotFound();
  return Number(raw);
};
const fileName = (row: InvoiceRow, ext: 'pdf' | 'xml') =>
  `faktura-${row.number.replace(/[^A-Za-z0-9-]+/g, '-')}.${ext}`;

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
    '/api/user/invoices/:id/xml',
    { ...auth, schema: { params: idParams } },
    async (request, reply) => {
      const row = await lawyerInvoice(currentUser(request).id, request.params.id);
      return sendFile(reply, row.xml, 'application/xml; charset=utf-8', fileName(row, 'xml'));
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
        fileName(row, 'pdf'),
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
        fileName(row, 'pdf'),
      );
    },
  );
}

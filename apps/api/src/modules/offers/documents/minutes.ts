import { randomBytes } from 'node:crypto';
import { CV_MAX_BYTES } from '@substytut/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../app/errors.ts';
import { multipartReadError } from '../../app/multipart.ts';
import { fileTooLarge, wrongFileFormat } from '../../storage/index.ts';
import { detectCvType } from '../../storage/index.ts';
import type { Storage } from '../../storage/index.ts';
import { reportsOf } from '../offers.repo.ts';

/**
 * The hearing's minutes (issue 23): a PDF the lawyer may add to the report, stored privately and
 * given only to the lawyer, the payer (by the acceptance token) and the administrators.
 */

const MINUTES_FIELD = 'minutes';
const TEXT_FIELDS = new Set(['outcome', 'next_hearing_at', 'notes']);

/** The report's text fields and its optional minutes file, from a multipart form or a JSON body. */
export async function readReport(request: FastifyRequest) {
  const { fields, file } = await readFormWithPdf(request, TEXT_FIELDS, MINUTES_FIELD);
  return { fields, minutes: file };
}

/**
 * Text fields and one optional file (the minutes' limits) from a multipart form, or the fields of
 * a JSON body. The hearing report and the lawyer's answer to a dispute (issue 34) read their forms
 * with it; the file is checked afterwards by `checkMinutes`.
 */
export async function readFormWithPdf(request: FastifyRequest, textFields: Set<string>, fileField: string) {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
      file: null,
    };
  }
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField && bytes.length > 0) file = bytes;
      } else if (textFields.has(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw multipartReadError(error);
  }
  return { fields: Object.keys(fields).length > 0 ? fields : null, file };
}

/** A new private storage key for a PDF of an offer (the minutes, a dispute answer's file). */
export const newPrivatePdfKey = (folder: 'minutes' | 'dispute-answers') =>
  `private/${folder}/${randomBytes(16).toString('hex')}.pdf`;

export async function sendMinutes(
  storage: Storage,
  key: string | null,
  reply: FastifyReply,
  filename = 'protokol.pdf',
) {
  const object = key ? await storage.get(key) : null;
  if (!object) throw notFound();
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
  if (object.size !== undefined) reply.header('content-length', object.size);
  return reply.send(object.body);
}

/** The minutes of a hearing: a PDF by its bytes, within the CV's size limit (the CV's rules). */
export function checkMinutes(bytes: Buffer): Buffer {
  if (bytes.length > CV_MAX_BYTES) throw fileTooLarge();
  const detected = bytes.length === 0 ? null : detectCvType(bytes);
  if (!detected || detected.extension !== '.pdf') throw wrongFileFormat();
  return bytes;
}

/** The storage key of an offer's minutes, or null. */
export async function minutesKeyOf(deps: { db: DbOrTx }, offerId: number): Promise<string | null> {
  return (await reportsOf(deps.db, [offerId])).get(offerId)?.minutesKey ?? null;
}

import { IMAGE_WIDTHS, type ImageWidth } from '@substytut/shared/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../app/errors.ts';
import { resizedImage } from './resized-image.ts';
import { contentDispositionForKey, isValidStorageKey, type Storage } from './storage.ts';

/** ?w= names one of IMAGE_WIDTHS, or is absent (the object itself). */
const storageQuery = z.object({
  w: z
    .enum(IMAGE_WIDTHS.map(String) as [`${ImageWidth}`, ...`${ImageWidth}`[]])
    .transform((w) => Number(w) as ImageWidth)
    .optional(),
});
const storageParams = z.object({ '*': z.string() });

/** Stores again an object whose file is missing; true when it exists now. */
export type StorageRemaker = (key: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Lets a feature make again the missing objects of its folder (`cards/`) that it can derive
     * from its data, when they are first requested. The remaker decides which keys are its own.
     */
    remakeMissingStorage(folder: string, remake: StorageRemaker): void;
  }
}

/**
 * GET /storage/* streams a stored object, and ?w= a stored photo at a smaller width. Keys are
 * unique per upload (a new upload gets a new key), so objects are cached for a year.
 */
export function registerStorageRoutes(app: FastifyInstance, storage: Storage) {
  const remakers = new Map<string, StorageRemaker>();
  app.decorate('remakeMissingStorage', (folder: string, remake: StorageRemaker) => {
    remakers.set(folder, remake);
  });

  // An invalid width has its own error code: the validation error is left to the handler.
  const route = { attachValidation: true, schema: { params: storageParams, querystring: storageQuery } };
  app.withTypeProvider<ZodTypeProvider>().get('/storage/*', route, async (request, reply) => {
    const raw = request.params['*'];
    // `private/` holds files only their owner may fetch, through their own routes (data exports).
    if (!isValidStorageKey(raw) || raw.startsWith('private/')) throw notFound();
    if (request.validationError) throw badRequest('storage.width_not_offered');
    const width = request.query.w ?? null;
    const load = () => (width === null ? storage.get(raw) : resizedImage(storage, raw, width));
    let object = await load();
    if (!object) {
      const remake = raw.includes('/') ? remakers.get(raw.slice(0, raw.indexOf('/'))) : undefined;
      if (remake && (await remake(raw))) object = await load();
    }
    if (!object) throw notFound();
    reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    // Uploaded files are data and must never run as a page of this origin. PDFs are exempt
    // because browsers' PDF viewers do not render inside a sandboxed document.
    if (object.contentType !== 'application/pdf') {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
    }
    const disposition = contentDispositionForKey(raw, object.contentType);
    if (disposition) reply.header('content-disposition', disposition);
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
}

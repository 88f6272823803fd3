import type { FastifyInstance } from 'fastify';
import { notFound } from '../app/errors.ts';
import { contentDispositionForKey, isValidStorageKey, type Storage } from './storage.ts';

/**
 * GET /storage/* streams a stored object. Keys are unique per upload (a new upload gets a new
 * key), so objects are cached for a year.
 */
export function registerStorageRoutes(app: FastifyInstance, storage: Storage) {
  app.get('/storage/*', async (request, reply) => {
    const raw = (request.params as { '*': string })['*'];
    if (!isValidStorageKey(raw)) throw notFound();
    const object = await storage.get(raw);
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

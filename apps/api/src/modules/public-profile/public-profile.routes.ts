import { publicProfileDtoSchema, storageUrl } from '@substytut/shared';
import { languagePath } from '@substytut/shared/public-pages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '../app/http.ts';
import type { PageMetaResolver } from '../app/web-app.ts';
import { createPublicPageMetaReader, createPublicProfileJsonReader } from './public-profile.service.ts';

const params = z.object({ seolink: z.string().min(1).max(200) });
const query = z.object({ offerUrl: z.string().max(200).optional() });

/** GET /api/public/profile/{seolink}?offerUrl= (spec 7): the public lawyer page's data. */
export async function publicProfileRoutes(app: FastifyInstance) {
  const readProfileJson = createPublicProfileJsonReader({ db: app.db, clock: app.clock });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/public/profile/:seolink',
      { schema: { params, querystring: query, response: { 200: dataOf(publicProfileDtoSchema) } } },
      async (request, reply) => {
        const offerUrl = request.query.offerUrl || undefined;
        // Without an offer the page changes only when the lawyer edits it: shared caches may keep it
        // briefly. An offer's payability changes with every payment, so that answer is not stored.
        reply.header(
          'cache-control',
          offerUrl ? 'no-store' : 'public, max-age=60, stale-while-revalidate=300',
        );
        // Already checked against the response schema and serialized (createPublicProfileJsonReader
        // says why); Fastify sends a string with a content type as it is.
        const body = await readProfileJson(request.params.seolink, offerUrl ?? null);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );
}

const PUBLIC_PAGE = /^(?:\/(pl|en))?\/u\/([^/]+)\/?$/;

/**
 * Head tags of /u/{seolink}[?o={offerUrl}] (also under /pl and /en) for the web app's page, so
 * messengers and crawlers that run no JavaScript see the lawyer's name, bio and image, and the
 * data the server renders the page with (web decision 012): what the API answers, built from the
 * same row as the tags. An unknown or inactive lawyer is answered with status 404.
 */
export function publicProfilePageMeta(app: FastifyInstance): PageMetaResolver {
  const readPageMeta = createPublicPageMetaReader({ db: app.db, clock: app.clock });
  const origin = app.config.publicUrl;
  return async (pathname, query, language) => {
    const match = PUBLIC_PAGE.exec(pathname);
    if (!match?.[2]) return null;
    const seolink = match[2];
    if (seolink.length > 200) return 'not_found';
    const o = query.get('o');
    const offerUrl = o && o.length <= 200 ? o : null;
    const meta = await readPageMeta(seolink, offerUrl, language);
    if (!meta) return 'not_found';
    if (meta === 'gone') return 'gone';
    const path = `/u/${encodeURIComponent(seolink)}`;
    return {
      title: meta.title,
      description: meta.description,
      url: `${origin}${languagePath(path, match[1] === 'en' ? 'en' : 'pl')}${offerUrl ? `?o=${encodeURIComponent(offerUrl)}` : ''}`,
      image: meta.imageKey ? `${origin}${storageUrl(meta.imageKey)}` : `${origin}/og-default.png`,
      profilePage: { seolink, offerUrl, profile: meta.profile },
    };
  };
}

import type { FastifyInstance } from 'fastify';
import { buildSitemap, renderRobots, type SitemapSource } from './seo.service.ts';

const ONE_HOUR = 'public, max-age=3600';

/** /sitemap.xml and /robots.txt, with absolute addresses from PUBLIC_URL. */
export async function seoRoutes(app: FastifyInstance, { sources }: { sources: SitemapSource[] }) {
  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await buildSitemap({ db: app.db }, app.config.publicUrl, sources);
    return reply.header('cache-control', ONE_HOUR).type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .header('cache-control', ONE_HOUR)
      .type('text/plain; charset=utf-8')
      .send(renderRobots(app.config.publicUrl));
  });
}

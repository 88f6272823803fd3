import type { FastifyPluginAsync } from 'fastify';
import { buildSitemap, renderRobots } from './seo.service.ts';

const ONE_HOUR = 'public, max-age=3600';

/** /sitemap.xml and /robots.txt, with absolute addresses from PUBLIC_URL. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await buildSitemap({ db: app.db }, app.config.publicUrl);
    return reply.header('cache-control', ONE_HOUR).type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', async (_request, reply) => {
    return reply
      .header('cache-control', ONE_HOUR)
      .type('text/plain; charset=utf-8')
      .send(renderRobots(app.config.publicUrl));
  });
};

export default seoRoutes;

// The face of seo: sitemap and robots routes, the sitemap source type other features fill.
export { seoRoutes } from './seo.routes.ts';
export { staticPages, type SitemapSource } from './seo.service.ts';

// The face of public-profile: the public lawyer page's routes, its link-preview tags and its
// sitemap entries.
export { publicProfilePageMeta, publicProfileRoutes } from './public-profile.routes.ts';
export { publicProfilesSitemap } from './public-profile.service.ts';

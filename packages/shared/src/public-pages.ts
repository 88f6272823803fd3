/**
 * The public pages search engines should index, in both languages ({origin}/pl{path} and
 * {origin}/en{path}). One list for the web app's prerender step and the API's sitemap.
 */
export const PUBLIC_PAGE_LANGUAGES = ['pl', 'en'] as const;

export const INDEXABLE_PAGES = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/features',
  '/pricing',
  '/for-lawyers',
  '/for-law-firms',
  '/careers',
  '/accessibility',
  '/board',
] as const;

export type IndexablePage = (typeof INDEXABLE_PAGES)[number];

/** '/' -> '/pl', '/about' -> '/pl/about'. */
export function languagePath(path: string, language: (typeof PUBLIC_PAGE_LANGUAGES)[number]): string {
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

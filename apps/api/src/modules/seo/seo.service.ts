import { INDEXABLE_PAGES, languagePath, PUBLIC_PAGE_LANGUAGES } from '@substytut/shared/public-pages';
import type { Db } from '../../db/client.ts';
import type { Locale } from '@substytut/shared/locale';

/** One page in the sitemap: a path without the language prefix, listed in both languages. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

export interface SitemapDeps {
  db: Db;
}

/** Something that contributes pages to /sitemap.xml. */
export type SitemapSource = (deps: SitemapDeps) => Promise<SitemapEntry[]>;

export const staticPages: SitemapSource = async () => INDEXABLE_PAGES.map((path) => ({ path }));

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A sitemap with each page in both languages and hreflang alternates (x-default: English). */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '');
  const url = (path: string, language: Locale) => escapeXml(`${base}${languagePath(path, language)}`);
  const blocks: string[] = [];
  for (const entry of entries) {
    const alternates = [
      ...PUBLIC_PAGE_LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(entry.path, language)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(entry.path, 'en')}"/>`,
    ];
    for (const language of PUBLIC_PAGE_LANGUAGES) {
      blocks.push(
        [
          '  <url>',
          `    <loc>${url(entry.path, language)}</loc>`,
          ...(entry.lastModified ? [`    <lastmod>${entry.lastModified.toISOString()}</lastmod>`] : []),
          ...alternates,
          '  </url>',
        ].join('\n'),
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...blocks,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The sitemap of every source's pages. The sources are the composition root's: the public
 * profile feature adds each active lawyer's page (`/u/{seolink}`, lastModified = profile
 * updated_at), and seo knows no feature.
 */
export async function buildSitemap(
  deps: SitemapDeps,
  origin: string,
  sources: SitemapSource[],
): Promise<string> {
  const lists = await Promise.all(sources.map((source) => source(deps)));
  const seen = new Set<string>();
  const entries = lists.flat().filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
  return renderSitemap(origin, entries);
}

/** Private areas, with and without a language prefix (robots rules match path prefixes). */
export const DISALLOWED_PATHS = ['/dashboard', '/admin', '/api'] as const;

export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const disallowed = DISALLOWED_PATHS.flatMap((path) =>
    path === '/api' ? [path] : [path, ...PUBLIC_PAGE_LANGUAGES.map((language) => `/${language}${path}`)],
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

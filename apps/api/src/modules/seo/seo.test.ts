import { INDEXABLE_PAGES } from '@substytut/shared/public-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildSitemap, type SitemapSource } from './seo.service.ts';

describe('sitemap and robots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://substytut.example/' } });
  });
  afterAll(() => t.close());

  it('lists every public page in both languages with absolute PUBLIC_URL addresses and alternates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(INDEXABLE_PAGES.length * 2);
    for (const expected of [
      'https://substytut.example/pl',
      'https://substytut.example/en',
      'https://substytut.example/pl/about',
      'https://substytut.example/en/for-law-firms',
      'https://substytut.example/pl/pricing',
    ]) {
      expect(locs).toContain(expected);
    }
    expect(locs.some((l) => /dashboard|admin|404|payment/.test(l!))).toBe(false);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://substytut.example/en/faq"/>',
    );
  });

  it('takes pages from every source once (the extension point for lawyer pages)', async () => {
    const profiles: SitemapSource = async () => [
      { path: '/u/jan-kowalski', lastModified: new Date('2025-01-02T03:04:05Z') },
      { path: '/about' },
    ];
    const xml = await buildSitemap({ db: t.db }, 'https://x.test', [async () => [{ path: '/about' }], profiles]);
    expect(xml.match(/<loc>https:\/\/x\.test\/pl\/about<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://x.test/en/u/jan-kowalski</loc>');
    expect(xml).toContain('<lastmod>2025-01-02T03:04:05.000Z</lastmod>');
  });

  it('robots.txt points to the sitemap and keeps crawlers out of private areas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('Sitemap: https://substytut.example/sitemap.xml');
    for (const path of ['/dashboard', '/admin', '/api', '/pl/dashboard', '/en/admin']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
  });
});

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { addDays, warsawDate } from '@substytut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  paymentAccounts,
  profileJobs,
  profileReferences,
  profiles,
  providerInvoiceData,
} from '../../db/schema.ts';
import { transitionOffer } from '../offers/offers.transitions.ts';
import { updateProfile } from '../profile/profile.repo.ts';
import { PUBLIC_PAGE_CACHE_TTL_MS } from './public-page-cache.ts';
import { createPublicPageMetaReader, createPublicProfileJsonReader } from './public-profile.service.ts';
import { eq } from 'drizzle-orm';

const themeScript = "document.documentElement.dataset.theme='dark';";
const shell = `<!doctype html><html lang="pl"><head><meta charset="UTF-8" /><script>${themeScript}</script></head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html' };
// The web build's page template (dist-ssr/page.html) and a stand-in for its renderer, which shows
// what it was given; globalThis.fakeHoldMs sets the wait (the real one keeps the spec's second).
const pageTemplate = shell
  .replace('<div id="root"></div>', '<div id="root"><!--app-html--></div>')
  .replace('</head>', '<!--app-head--></head>');
const fakeRenderer = `
export async function renderProfilePage(url, language, data) {
  return {
    loading: '<div id="page-loading">LOADING</div>',
    page: '<div id="root">PAGE ' + JSON.stringify({ url, language, data }).replace(/</g, '&lt;') + '</div>',
    holdMs: globalThis.fakeHoldMs ?? 0,
  };
}`;

let t: TestApp;
let build: string;

beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'substytut-web-'));
  const dist = path.join(build, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), shell);
  writeFileSync(path.join(dist, 'spa.html'), shell);
  mkdirSync(path.join(build, 'dist-ssr'));
  writeFileSync(path.join(build, 'dist-ssr', 'page.html'), pageTemplate);
  writeFileSync(path.join(build, 'dist-ssr', 'entry-server.js'), fakeRenderer);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://substytut.example' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

const get = (seolink: string, offerUrl?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/profile/${seolink}${offerUrl === undefined ? '' : `?offerUrl=${encodeURIComponent(offerUrl)}`}`,
  });

describe('GET /api/public/profile/{seolink}', () => {
  it('answers the public fields with jobs and references, and nothing private', async () => {
    const profile = await t.seed.profile({
      firstname: 'Anna',
      lastname: 'Zielińska',
      phone: '+48601202303',
      imageKey: 'profile/photo-1.webp',
      linkedinUrl: 'https://www.linkedin.com/in/anna',
    });
    await t.db.insert(profileJobs).values([
      {
        profileId: profile.id,
        position: 0,
        positionName: 'Radca prawny',
        employerName: 'Kancelaria A',
        monthStart: '1',
        yearStart: '2015',
        stillWorking: true,
      },
      {
        profileId: profile.id,
        position: 1,
        positionName: 'Aplikant',
        employerName: 'Kancelaria B',
        monthStart: '9',
        yearStart: '2011',
        monthEnd: '12',
        yearEnd: '2014',
      },
    ]);
    await t.db
      .insert(profileReferences)
      .values({ profileId: profile.id, position: 0, author: 'Jan', description: 'Polecam' });
    await t.db.insert(providerInvoiceData).values({
      userId: profile.userId,
      nip: '9512501170',
      company: 'Tajna Kancelaria Sp. z o.o.',
      street: 'Ukryta 1',
      postcode: '00-001',
      city: 'Warszawa',
      bankAccount: 'PL61109010140000071219812874',
    });
    const [account] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, profile.userId));

    const response = await get(profile.seolink!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const data = response.json().data;
    expect(data).toMatchObject({
      firstname: 'Anna',
      lastname: 'Zielińska',
      fullname: 'Anna Zielińska',
      phone: '+48601202303',
      imageUrl: 'profile/photo-1.webp',
      seolink: profile.seolink,
      specialization: ['prawo-cywilne'],
      offer: null,
      references: [{ author: 'Jan', description: 'Polecam' }],
    });
    expect(data.email).toMatch(/@example\.com$/);
    expect(data.jobs).toEqual([
      {
        positionName: 'Radca prawny',
        employerName: 'Kancelaria A',
        monthStart: '1',
        yearStart: '2015',
        monthEnd: '',
        yearEnd: '',
        stillWorking: true,
      },
      {
        positionName: 'Aplikant',
        employerName: 'Kancelaria B',
        monthStart: '9',
        yearStart: '2011',
        monthEnd: '12',
        yearEnd: '2014',
        stillWorking: false,
      },
    ]);
    for (const key of ['userId', 'profileId', 'stripeAccountId', 'status', 'created_at', 'updated_at']) {
      expect(data).not.toHaveProperty(key);
    }
    for (const secret of [
      profile.userId,
      account!.accountId,
      '9512501170',
      'Tajna Kancelaria',
      'PL61109010140000071219812874',
      'inactive',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('answers 404 for an unknown or inactive lawyer', async () => {
    const inactive = await t.seed.profile({ active: false });
    for (const seolink of [inactive.seolink!, 'nobody-here']) {
      const response = await get(seolink);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('profile.not_found');
    }
  });

  it('includes an offer of this lawyer, with the error flag when it can no longer be paid', async () => {
    const profile = await t.seed.profile();
    const today = warsawDate(t.clock.now());
    const payable = await t.seed.offer({
      profileId: profile.id,
      netGrosze: 10_000,
      cardKey: 'cards/offer-1.png',
    });
    const started = await t.seed.offer({ profileId: profile.id, status: 'paystart' });
    const expired = await t.seed.offer({ profileId: profile.id, expireDate: addDays(today, -1) });
    const paid = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    const foreign = await t.seed.offer({ profileId: (await t.seed.profile()).id });

    const response = await get(profile.seolink!, payable.offerUrl);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data.offer).toEqual({
      title: payable.title,
      description: '',
      price: '100.00',
      price_brutto: '123.00',
      expireDate: payable.expireDate,
      status: 'active',
      offerUrl: payable.offerUrl,
      cardUrl: 'cards/offer-1.png',
      error: false,
    });
    expect((await get(profile.seolink!, started.offerUrl)).json().data.offer.error).toBe(false);
    expect((await get(profile.seolink!, expired.offerUrl)).json().data.offer.error).toBe(true);
    expect((await get(profile.seolink!, paid.offerUrl)).json().data.offer.error).toBe(true);
    expect((await get(profile.seolink!, foreign.offerUrl)).json().data.offer).toBeNull();
    expect((await get(profile.seolink!, 'unknown-offer')).json().data.offer).toBeNull();
  });

  it("shows the lawyer's changes and a payment at once, though answers are cached", async () => {
    const profile = await t.seed.profile({ description: 'Przed zmianą' });
    const offer = await t.seed.offer({ profileId: profile.id });
    const before = (await get(profile.seolink!, offer.offerUrl)).json().data;
    expect(before.description).toBe('Przed zmianą');
    expect(before.offer.error).toBe(false);

    await transitionOffer(t.db, offer.id, 'paymentSucceeded', 'payment_event', t.clock.now());
    expect((await get(profile.seolink!, offer.offerUrl)).json().data.offer).toMatchObject({
      status: 'payed',
      error: true,
    });

    await updateProfile(t.db, profile.id, { description: 'Po zmianie' });
    expect((await get(profile.seolink!, offer.offerUrl)).json().data.description).toBe('Po zmianie');

    await updateProfile(t.db, profile.id, { status: 'inactive' });
    expect((await get(profile.seolink!, offer.offerUrl)).statusCode).toBe(404);
  });

  it('lists active lawyers in the sitemap', async () => {
    const active = await t.seed.profile();
    const inactive = await t.seed.profile({ active: false });
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toContain(`<loc>https://substytut.example/pl/u/${active.seolink}</loc>`);
    expect(xml).toContain(`<loc>https://substytut.example/en/u/${active.seolink}</loc>`);
    expect(xml).not.toContain(inactive.seolink!);
  });
});

describe('cached answers with several instances', () => {
  it("shows another instance's write once one cache lifetime has passed, in the data and the link preview", async () => {
    let now = 1_000_000;
    const deps = { db: t.db, clock: t.clock };
    const readJson = createPublicProfileJsonReader(deps, { now: () => now });
    const readMeta = createPublicPageMetaReader(deps, { now: () => now });
    const profile = await t.seed.profile({ description: 'Przed zmianą' });
    const seen = async () => ({
      data: (JSON.parse(await readJson(profile.seolink!, null)) as { data: { description: string } }).data
        .description,
      preview: (await readMeta(profile.seolink!, null, 'pl'))?.description,
    });
    expect(await seen()).toEqual({ data: 'Przed zmianą', preview: 'Przed zmianą' });

    // Another instance's write: straight to the database, so nothing in this process hears of it.
    await t.db.update(profiles).set({ description: 'Po zmianie' }).where(eq(profiles.id, profile.id));
    now += PUBLIC_PAGE_CACHE_TTL_MS - 1;
    expect(await seen()).toEqual({ data: 'Przed zmianą', preview: 'Przed zmianą' });
    // One lifetime on, the answer is new: no second cache under this one may still hold the old row.
    now += 2;
    expect(await seen()).toEqual({ data: 'Po zmianie', preview: 'Po zmianie' });
  });
});

describe('link previews of /u/{seolink}', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: html });
  const meta = (body: string, property: string) =>
    new RegExp(`<meta data-prerendered-head (?:property|name)="${property}" content="([^"]*)">`).exec(
      body,
    )?.[1];

  it('puts the name, bio and photo into the shell for crawlers that run no JavaScript', async () => {
    const profile = await t.seed.profile({
      firstname: 'Ewa',
      lastname: 'Nowak',
      description: 'Sprawy "rodzinne" & <spadkowe>',
      imageKey: 'profile/ewa.webp',
    });
    const response = await page(`/u/${profile.seolink}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title data-prerendered-head>Ewa Nowak | Substytut</title>');
    expect(meta(response.body, 'og:title')).toBe('Ewa Nowak | Substytut');
    expect(meta(response.body, 'description')).toBe('Sprawy &quot;rodzinne&quot; &amp; &lt;spadkowe&gt;');
    expect(meta(response.body, 'og:image')).toBe('https://substytut.example/storage/profile/ewa.webp');
    expect(meta(response.body, 'og:url')).toBe(`https://substytut.example/pl/u/${profile.seolink}`);
    expect(response.body).not.toContain('<spadkowe>');
    // The shell's inline script is untouched, so its CSP hash still allows it.
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(response.body).toContain(`<script>${themeScript}</script>`);
    expect(response.headers['content-security-policy']).toContain(hash);

    const english = await page(`/en/u/${profile.seolink}`);
    expect(meta(english.body, 'og:url')).toBe(`https://substytut.example/en/u/${profile.seolink}`);
  });

  it("shows the offer's card image for ?o=, the default image without a photo, and 404 for unknown lawyers", async () => {
    const profile = await t.seed.profile({ firstname: 'Adam', lastname: 'Mały' });
    const offer = await t.seed.offer({
      profileId: profile.id,
      cardKey: 'cards/adam-1.png',
      netGrosze: 20_000,
    });
    const withOffer = await page(`/u/${profile.seolink}?o=${offer.offerUrl}`);
    expect(meta(withOffer.body, 'og:image')).toBe('https://substytut.example/storage/cards/adam-1.png');
    expect(meta(withOffer.body, 'description')).toContain(`${offer.title}: 246,00\u00a0zł brutto.`);
    const plain = await page(`/u/${profile.seolink}`);
    expect(meta(plain.body, 'og:image')).toBe('https://substytut.example/og-default.png');

    const inactive = await t.seed.profile({ active: false });
    for (const url of ['/u/nobody-here', `/u/${inactive.seolink}`, '/en/u/nobody-here']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('og:title');
    }
  });
});

describe('/u/{seolink} rendered by the server (web decision 012)', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });
  /** What the stand-in renderer was given, read back from the page. */
  const rendered = (body: string) =>
    JSON.parse(/<div id="root">PAGE (.*?)<\/div>/.exec(body)?.[1] ?? 'null') as {
      url: string;
      language: string;
      data: { seolink: string; offerUrl: string | null; profile: unknown };
    } | null;

  it("renders the page with the API's own answer, after its loading copy, in the template", async () => {
    const profile = await t.seed.profile({ firstname: 'Olga', lastname: 'Sęk' });
    const offer = await t.seed.offer({ profileId: profile.id });
    const url = `/u/${profile.seolink}?o=${offer.offerUrl}`;
    const response = await page(url, { 'accept-language': 'pl-PL,pl' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.body;
    // Template, head tags, loading copy, page, rest of the template: in that order.
    expect(body.indexOf('<title data-prerendered-head>Olga Sęk | Substytut</title>')).toBeGreaterThan(0);
    expect(body.indexOf('</head>')).toBeLessThan(body.indexOf('LOADING'));
    expect(body.indexOf('LOADING')).toBeLessThan(body.indexOf('PAGE'));
    expect(body.endsWith('</body></html>')).toBe(true);
    expect(body).not.toContain('<!--app-');
    const api = (
      await t.app.inject({
        method: 'GET',
        url: `/api/public/profile/${profile.seolink}?offerUrl=${offer.offerUrl}`,
      })
    ).json<{ data: unknown }>();
    expect(rendered(body)).toEqual({
      url,
      language: 'pl',
      data: { seolink: profile.seolink, offerUrl: offer.offerUrl, profile: api.data },
    });
    // The shell's inline script is untouched, so its CSP hash still allows it.
    expect(body).toContain(`<script>${themeScript}</script>`);
  });

  it("renders an unprefixed address in the browser's language and a prefixed one in its own", async () => {
    const profile = await t.seed.profile();
    const english = await page(`/u/${profile.seolink}`, { 'accept-language': 'en-GB,en;q=0.9,pl;q=0.5' });
    expect(rendered(english.body)?.language).toBe('en');
    expect(english.body).toContain('<html lang="en"');
    expect(english.headers.vary).toMatch(/accept-language/i);
    const prefixed = await page(`/pl/u/${profile.seolink}`, { 'accept-language': 'en' });
    expect(rendered(prefixed.body)?.language).toBe('pl');
    expect(prefixed.body).toContain('<html lang="pl"');
    expect(rendered((await page(`/en/u/${profile.seolink}`)).body)?.language).toBe('en');
  });

  it('renders only what the page reads of its address: other parameters change nothing', async () => {
    const profile = await t.seed.profile();
    const offer = await t.seed.offer({ profileId: profile.id });
    const response = await page(
      `/u/${profile.seolink}?utm_source=mail&o=${offer.offerUrl}&x=${'y'.repeat(50)}`,
    );
    expect(rendered(response.body)?.url).toBe(`/u/${profile.seolink}?o=${offer.offerUrl}`);
    const plain = await page(`/pl/u/${profile.seolink}/?ref=abc`);
    expect(rendered(plain.body)?.url).toBe(`/pl/u/${profile.seolink}/`);
  });

  it('compresses the page itself when the browser accepts gzip', async () => {
    const profile = await t.seed.profile();
    const response = await page(`/u/${profile.seolink}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(response.rawPayload).toString('utf8');
    expect(rendered(body)?.data.seolink).toBe(profile.seolink);
  });

  it('sends the loading copy at once and the page only after the wait; a visitor may leave meanwhile', async () => {
    const profile = await t.seed.profile();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      (globalThis as { fakeHoldMs?: number }).fakeHoldMs = 600_000;
      const firstText = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: `/u/${profile.seolink}`,
            headers: { ...html, 'accept-encoding': 'gzip' },
          },
          (response) => {
            let text = '';
            const body = response.pipe(createGunzip());
            body.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
              if (text.includes('LOADING')) {
                request.destroy();
                resolve(text);
              }
            });
            body.on('error', () => undefined);
          },
        );
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
        request.end();
      });
      expect(firstText).toContain('<title data-prerendered-head>');
      expect(firstText).not.toContain('PAGE');
      delete (globalThis as { fakeHoldMs?: number }).fakeHoldMs;
      // The server carries on after the visitor left in the middle of a page (another address:
      // the held render is cached for a second).
      const next = await page(`/pl/u/${profile.seolink}`);
      expect(rendered(next.body)?.data.seolink).toBe(profile.seolink);
    } finally {
      delete (globalThis as { fakeHoldMs?: number }).fakeHoldMs;
      await t.app.server.close();
    }
  });

  it('renders nothing for an unknown or inactive lawyer: the 404 shell', async () => {
    const inactive = await t.seed.profile({ active: false });
    for (const url of ['/u/nobody-here', `/u/${inactive.seolink}`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('LOADING');
      expect(response.body, url).not.toContain('PAGE');
    }
  });
});

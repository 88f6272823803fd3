import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
import { transitionOffer } from '../offers/index.ts';
import { updateProfile } from '../profile/profile.repo.ts';
import { PUBLIC_PAGE_CACHE_TTL_MS } from '../app/public-page-cache.ts';
import { createPublicPageMetaReader, createPublicProfileJsonReader } from './public-profile.service.ts';
import { eq } from 'drizzle-orm';

const html = { accept: 'text/html' };
// A stand-in for the web app's server build (decision 016): its request handler shows what the
// API's services gave the lawyer page's loader.
const fakeServerBuild = `
export const entry = { module: { createRequestHandler: () => async (request, context) => {
  const url = new URL(request.url);
  const match = /^(?:\\/(?:pl|en))?\\/u\\/([^/]+)$/.exec(url.pathname);
  const profile = match ? await context.publicProfile(decodeURIComponent(match[1]), url.searchParams.get('o')) : undefined;
  return new Response('<!doctype html><html><body>PROFILE ' + JSON.stringify(profile ?? null) + ' END</body></html>', {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
} } };
`;

let t: TestApp;
let build: string;

beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'substytut-web-'));
  mkdirSync(path.join(build, 'server'), { recursive: true });
  mkdirSync(path.join(build, 'client'), { recursive: true });
  writeFileSync(path.join(build, 'server', 'index.js'), fakeServerBuild);
  t = await createTestApp({ env: { WEB_BUILD_DIR: build, PUBLIC_URL: 'https://substytut.example' } });
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
      hearing: null,
      // Issue 34: the fee kept when the court cancels on the day; none stated here.
      court_cancellation_fee: null,
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
      preview: ((await readMeta(profile.seolink!, null, 'pl')) as { description: string } | null)
        ?.description,
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

describe('/u/{seolink} rendered by the web app (web decision 016)', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: html });
  /** What the stand-in request handler's loader context gave for the page, read back from it. */
  const given = (body: string) => JSON.parse(/PROFILE (.*) END/.exec(body)?.[1] ?? 'undefined') as unknown;

  it("gives the page's loader the API's own answer, offer included, and nothing for unknown or inactive lawyers", async () => {
    const profile = await t.seed.profile({ firstname: 'Olga', lastname: 'Sęk' });
    const offer = await t.seed.offer({ profileId: profile.id });
    const response = await page(`/u/${profile.seolink}?o=${offer.offerUrl}`);
    expect(response.statusCode).toBe(200);
    const api = await get(profile.seolink!, offer.offerUrl);
    expect(given(response.body)).toEqual((api.json() as { data: unknown }).data);

    const inactive = await t.seed.profile({ active: false });
    for (const url of ['/u/nobody-here', `/u/${inactive.seolink}`, '/en/u/nobody-here']) {
      expect(given((await page(url)).body), url).toBeNull();
    }
  });
});

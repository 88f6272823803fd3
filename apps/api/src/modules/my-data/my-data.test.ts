import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION, taxRecordsKeptUntil } from '@substytut/shared';
import { csrfHeaders, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  accessTokens,
  calendarFeeds,
  hearingReports,
  dataExports,
  mailOutbox,
  offerPayments,
  offers,
  profileJobs,
  profiles,
  providerInvoiceData,
  users,
} from '../../db/schema.ts';
import { purgeExpiredTaxRecords } from './my-data.delete.ts';
import type { Tx } from '../../db/client.ts';
import { invoices, invoiceSettings } from '../../db/schema/invoices.ts';

// A stand-in for the web app's server build: it shows what the lawyer page's loader was given.
const fakeServerBuild = `
export const entry = { module: { createRequestHandler: () => async (request, context) => {
  const url = new URL(request.url);
  const match = /^(?:\\/(?:pl|en))?\\/u\\/([^/]+)$/.exec(url.pathname);
  const profile = match ? await context.publicProfile(decodeURIComponent(match[1]), null) : undefined;
  return new Response('PROFILE ' + JSON.stringify(profile ?? null), {
    status: profile === 'gone' ? 410 : 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
} } };
`;

let t: TestApp;
let build: string;
let csrf: { cookie: string; 'x-xsrf-token': string };

beforeAll(async () => {
  build = mkdtempSync(path.join(tmpdir(), 'substytut-web-'));
  mkdirSync(path.join(build, 'server'), { recursive: true });
  mkdirSync(path.join(build, 'client'), { recursive: true });
  writeFileSync(path.join(build, 'server', 'index.js'), fakeServerBuild);
  t = await createTestApp({ env: { WEB_BUILD_DIR: build, PUBLIC_URL: 'https://substytut.example' } });
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const PHOTO = Buffer.from('photo-bytes');
const CV = Buffer.from('%PDF-1.4 cv');

/** A lawyer with a profile, a job, files in storage, invoice data and one offer in `offerStatus`. */
async function lawyer(offerStatus: 'active' | 'payed' | 'paystart' | 'done' | 'accepted' | null = null) {
  const session = await t.seed.session();
  const suffix = randomBytes(4).toString('hex');
  const imageKey = `avatars/${suffix}.webp`;
  const cvKey = `cv/${suffix}.pdf`;
  await t.app.storage.put(imageKey, PHOTO, 'image/webp');
  await t.app.storage.put(cvKey, CV, 'application/pdf');
  const profile = await t.seed.profile({ userId: session.user.id, firstname: 'Anna', imageKey, cvKey });
  await t.db.insert(profileJobs).values({
    profileId: profile.id,
    position: 0,
    positionName: 'Radca prawny',
    employerName: 'Kancelaria A',
    monthStart: '1',
    yearStart: '2015',
    stillWorking: true,
  });
  await t.db.insert(providerInvoiceData).values({
    userId: session.user.id,
    nip: '5260250274',
    company: 'Kancelaria Anna',
    street: 'Prosta 1',
    postcode: '00-001',
    city: 'Warszawa',
    bankAccount: 'PL61109010140000071219812874',
  });
  let offer = null;
  if (offerStatus) {
    const cardKey = `cards/${suffix}.png`;
    await t.app.storage.put(cardKey, Buffer.from('card'), 'image/png');
    offer = await t.seed.offer({
      profileId: profile.id,
      status: offerStatus,
      cardKey,
      description: 'Opis zlecenia',
    });
    if (offerStatus !== 'active') {
      await t.db.insert(offerPayments).values({
        offerId: offer.id,
        provider: 'sandbox',
        externalId: `cs_${randomBytes(6).toString('hex')}`,
        payLink: 'http://localhost/pay',
        status: offerStatus === 'paystart' ? 'open' : 'paid',
        price: offer.grossGrosze,
        email: `client-${suffix}@example.com`,
        phone: '+48601202303',
        street: 'Kliencka 2',
        city: 'Kraków',
        postCode: '30-001',
        expiresAt: new Date(t.clock.now().getTime() + HOUR),
        payDate: offerStatus === 'paystart' ? null : t.clock.now(),
      });
    }
  }
  return { ...session, profile, offer, imageKey, cvKey };
}

const inject = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers: { ...csrf, ...headers }, ...(payload ? { payload } : {}) });

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("export of a lawyer's data (GDPR art. 15, 20)", () => {
  it('is made in the background, mailed as a one-time link, and holds every kind of data and file', async () => {
    const me = await lawyer('accepted');
    await t.app.mailer.enqueue({
      to: me.user.email,
      subject: 'Witamy w serwisie',
      html: '<p>Witamy</p>',
      text: 'Witamy',
    });
    const started = await inject('POST', '/api/me/data-export', me.headers);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'pending', progress: 0 });
    await t.app.background.idle();

    const status = await inject('GET', '/api/me/data-export', me.headers);
    expect(status.json().data).toMatchObject({ status: 'ready', progress: 100 });
    const expiresAt = new Date(status.json().data.expires_at as string).getTime();
    expect(expiresAt - t.clock.now().getTime()).toBe(RETENTION.exportLinkHours * HOUR);

    const mail = (await mailsTo(me.user.email)).at(-1);
    expect(mail?.subject).toContain('Eksport Twoich danych jest gotowy');
    // The mail links to a page with a button (scanners open links); its token is the download's.
    const token = /https:\/\/substytut\.example\/my-data\/export\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    const link = `/api/data-export/${token}`;

    // The stored file is nobody's to fetch through /storage.
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    expect((await t.app.inject({ url: `/storage/${row!.storageKey}` })).statusCode).toBe(404);

    const download = await inject('POST', link);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="substytut-data-/);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'board.json',
        'contact-messages.json',
        'files/cv.pdf',
        'files/offers/' + me.offer!.id + '.png',
        'files/photo.webp',
        'invoice-data.json',
        'mails.json',
        'offers.json',
        'payment-account.json',
        'profile.json',
      ].sort(),
    );
    const read = (name: string) => JSON.parse(strFromU8(zip[name]!)) as Record<string, unknown>;
    expect(read('account.json')).toMatchObject({ email: me.user.email, signsInWithPassword: true });
    expect(JSON.stringify(read('account.json'))).not.toContain('argon2');
    expect(read('profile.json')).toMatchObject({
      profile: { firstname: 'Anna' },
      jobs: [{ positionName: 'Radca prawny', employerName: 'Kancelaria A' }],
    });
    expect(read('invoice-data.json')).toMatchObject({ nip: '5260250274', company: 'Kancelaria Anna' });
    const offersJson = read('offers.json') as unknown as { title: string; payments: { status: string }[] }[];
    expect(offersJson[0]).toMatchObject({ title: me.offer!.title, payments: [{ status: 'paid' }] });
    expect(Buffer.from(zip['files/photo.webp']!).equals(PHOTO)).toBe(true);
    expect(Buffer.from(zip['files/cv.pdf']!).equals(CV)).toBe(true);
    expect(strFromU8(zip['README.txt']!)).toContain('RODO');
    expect(JSON.stringify(read('mails.json'))).toContain('Witamy w serwisie');

    // Once only, and the file is gone from storage.
    const again = await inject('POST', link);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('my_data.export_unavailable');
    expect(await t.app.storage.get(row!.storageKey!)).toBeNull();
    expect((await inject('GET', '/api/me/data-export/file', me.headers)).statusCode).toBe(410);
  });

  it('expires after the retention period unread, and answers only its owner in the dashboard', async () => {
    const me = await lawyer();
    const other = await lawyer();
    await inject('POST', '/api/me/data-export', me.headers);
    await t.app.background.idle();
    // Another account sees and downloads nothing of it.
    expect((await inject('GET', '/api/me/data-export', other.headers)).json().data).toBeNull();
    expect((await inject('GET', '/api/me/data-export/file', other.headers)).statusCode).toBe(410);
    expect((await t.app.inject({ url: '/api/me/data-export/file' })).statusCode).toBe(401);
    expect((await inject('POST', '/api/data-export/not-a-token')).statusCode).toBe(410);

    t.clock.advance(RETENTION.exportLinkHours * HOUR + 1);
    expect((await inject('GET', '/api/me/data-export', me.headers)).json().data.status).toBe('expired');
    expect((await inject('GET', '/api/me/data-export/file', me.headers)).statusCode).toBe(410);
  });

  it("is not used up by a mail scanner's HEAD or GET: only the page's button (a POST) downloads it", async () => {
    const me = await lawyer();
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, me.user.id));
    await inject('POST', '/api/me/data-export', me.headers);
    await t.app.background.idle();
    const mail = (await mailsTo(me.user.email)).at(-1);
    // An English owner gets the English page.
    const page = /https:\/\/substytut\.example(\/en\/my-data\/export\/([A-Za-z0-9_-]+))/.exec(mail!.text);
    expect(page).not.toBeNull();
    const token = page![2]!;
    const api = `/api/data-export/${token}`;
    // What scanners and link previews do, with the page's address and the API's (links mailed before).
    for (const url of [page![1]!, api]) {
      for (const method of ['HEAD', 'GET'] as const) {
        const opened = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
        expect(opened.statusCode).toBeLessThan(400);
        expect(opened.headers['content-type'] ?? '').not.toContain('application/zip');
      }
    }
    // The API's old address sends the browser to the page.
    const redirected = await t.app.inject({ url: api, headers: { 'accept-language': 'en' } });
    expect(redirected.statusCode).toBe(303);
    expect(redirected.headers.location).toBe(`https://substytut.example/en/my-data/export/${token}`);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    expect(row?.status).toBe('ready');

    const download = await inject('POST', api);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect((await inject('POST', api)).statusCode).toBe(410);
  });

  it('answers the export under way when asked twice', async () => {
    const me = await lawyer();
    const first = await inject('POST', '/api/me/data-export', me.headers);
    const second = await inject('POST', '/api/me/data-export', me.headers);
    expect(second.json().data.id).toBe(first.json().data.id);
    await t.app.background.idle();
    const file = await inject('GET', '/api/me/data-export/file', me.headers);
    expect(file.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(file.rawPayload)))).toContain('profile.json');
  });
});

describe("deleting one's own account (GDPR art. 17)", () => {
  const remove = (headers: Record<string, string>, body: object) =>
    inject('POST', '/api/me/delete', headers, body);

  it('refuses a wrong or missing password and changes nothing', async () => {
    const me = await lawyer();
    const wrong = await remove(me.headers, { password: 'Nie-to-haslo-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('my_data.wrong_password');
    expect((await remove(me.headers, {})).json().code).toBe('my_data.confirmation_required');
    expect((await remove({}, { password: me.user.password! })).statusCode).toBe(401);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, me.profile.id))).toHaveLength(1);
    expect(await t.app.storage.get(me.imageKey)).not.toBeNull();
  });

  it.each([
    ['payed', 'my_data.unsettled_offers'],
    ['done', 'my_data.unsettled_offers'],
    ['paystart', 'my_data.payment_in_progress'],
  ] as const)('is refused with the reason while an offer is %s', async (status, code) => {
    const me = await lawyer(status);
    const check = await inject('GET', '/api/me/deletion', me.headers);
    expect(check.json().data).toMatchObject({ allowed: false, code });
    expect(check.json().data.message).toMatch(/Nie możesz teraz usunąć konta/);
    const refused = await remove(me.headers, { password: me.user.password! });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(code);
    expect(await t.db.select().from(offers).where(eq(offers.id, me.offer!.id))).toHaveLength(1);
    expect((await inject('GET', '/api/me', me.headers)).statusCode).toBe(200);
  });

  it('removes everything at once: files, sessions, page (410) and sitemap entry', async () => {
    const me = await lawyer('active');
    const seolink = me.profile.seolink!;
    expect((await t.app.inject({ url: `/api/public/profile/${seolink}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`/u/${seolink}`);
    expect((await inject('GET', '/api/me/deletion', me.headers)).json().data).toMatchObject({
      allowed: true,
      confirm_with: 'password',
    });

    const deleted = await remove(me.headers, { password: me.user.password! });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.message).toBe('Konto zostało usunięte');

    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, me.profile.id))).toHaveLength(0);
    expect(await t.db.select().from(offers).where(eq(offers.id, me.offer!.id))).toHaveLength(0);
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, me.user.id))).toHaveLength(0);
    expect(await t.app.storage.get(me.imageKey)).toBeNull();
    expect(await t.app.storage.get(me.cvKey)).toBeNull();
    expect(await t.app.storage.get(me.offer!.cardKey!)).toBeNull();

    const api = await t.app.inject({ url: `/api/public/profile/${seolink}` });
    expect(api.statusCode).toBe(410);
    expect(api.json().code).toBe('profile.gone');
    const page = await t.app.inject({ url: `/u/${seolink}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('PROFILE "gone"');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/u/${seolink}`);
    // An unknown page is still a plain 404.
    expect((await t.app.inject({ url: '/api/public/profile/nobody-here' })).statusCode).toBe(404);

    // The same request again: the session is gone.
    expect((await remove(me.headers, { password: me.user.password! })).statusCode).toBe(401);
  });

  it("keeps the paid offer's payment and invoice data as tax records, stripped, until the period ends", async () => {
    const me = await lawyer('accepted');
    // The advance invoice of the payment, and a sealed KSeF token in the billing settings.
    await t.db
      .insert(invoiceSettings)
      .values({ profileId: me.profile.id, mode: 'issue', ksefTokenEncrypted: 'v1.sealed' });
    await t.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(offerPayments).where(eq(offerPayments.offerId, me.offer!.id));
      await t.services.lifecycle.invoicing.offerPaid(
        tx as Tx,
        { offer: me.offer!, profile: me.profile, payment: payment! },
        t.clock.now(),
      );
    });
    expect(await t.db.select().from(invoices).where(eq(invoices.offerId, me.offer!.id))).toHaveLength(1);
    const deleted = await remove(me.headers, { password: me.user.password! });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user).toMatchObject({
      name: '',
      passwordHash: null,
      role: 'deleted',
      email: `deleted-${me.user.id}@deleted.invalid`,
    });
    expect(user?.deletedAt).not.toBeNull();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, me.profile.id));
    expect(profile).toMatchObject({
      firstname: '',
      lastname: '',
      seolink: null,
      imageKey: null,
      cvKey: null,
      status: 'inactive',
    });
    expect(
      await t.db.select().from(profileJobs).where(eq(profileJobs.profileId, me.profile.id)),
    ).toHaveLength(0);
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, me.offer!.id));
    expect(offer).toMatchObject({
      title: me.offer!.title,
      description: '',
      cardKey: null,
      grossGrosze: me.offer!.grossGrosze,
    });
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, me.offer!.id));
    expect(payment).toMatchObject({ status: 'paid', city: 'Kraków', payerHash: null });
    const [invoice] = await t.db
      .select()
      .from(providerInvoiceData)
      .where(eq(providerInvoiceData.userId, me.user.id));
    expect(invoice).toMatchObject({ nip: '5260250274', bankAccount: null });
    // The invoice is a tax record; the KSeF token is a credential and goes.
    expect(await t.db.select().from(invoices).where(eq(invoices.offerId, me.offer!.id))).toHaveLength(1);
    expect(
      await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, me.profile.id)),
    ).toEqual([]);
    expect(await mailsTo(me.user.email)).toHaveLength(0);
    expect(await t.app.storage.get(me.imageKey)).toBeNull();
    expect((await t.app.inject({ url: `/api/public/profile/${me.profile.seolink}` })).statusCode).toBe(410);
    // The administrator's table names the kept row as a deleted account, not as a nameless lawyer.
    const admin = await t.seed.session({ role: 'admin' });
    const list = await inject('GET', `/api/admin/profile?q=deleted-${me.user.id}`, admin.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data).toEqual([
      expect.objectContaining({ profileId: me.profile.id, accountDeleted: true, fullname: '' }),
    ]);

    // Not before the period ends; then the records go too.
    expect(await purgeExpiredTaxRecords({ db: t.db, clock: t.clock })).toBe(0);
    const paidAt = t.clock.now();
    t.clock.set(new Date(taxRecordsKeptUntil(paidAt).getTime() - 1000));
    expect(await purgeExpiredTaxRecords({ db: t.db, clock: t.clock })).toBe(0);
    t.clock.set(new Date(taxRecordsKeptUntil(paidAt).getTime() + 1000));
    expect(await purgeExpiredTaxRecords({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(users).where(eq(users.id, me.user.id))).toHaveLength(0);
    expect(
      await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, me.offer!.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.offerId, me.offer!.id))).toHaveLength(0);
  });

  it('ends the calendar feed and removes the minutes, the report, the hearing details and every copy of the photo', async () => {
    const me = await lawyer('accepted');
    await t.db
      .update(offers)
      .set({
        caseNumber: 'I C 123/24',
        party: 'Jan Kowalski (powód)',
        courtDivision: 'I Wydział Cywilny',
        hearingAt: new Date(t.clock.now().getTime() - 48 * HOUR),
        hearingMode: 'remote',
        remoteLink: 'https://meet.example/abc',
        disputeReason: 'Nie stawił się',
        paidAt: new Date(t.clock.now().getTime() - 72 * HOUR),
      })
      .where(eq(offers.id, me.offer!.id));
    await t.db
      .update(offerPayments)
      .set({
        grantor: {
          name: 'Jan Nowak',
          professionalType: 'adwokat',
          licenseNo: 'WAW/Adw/1',
          officeAddress: 'Prosta 2',
        },
        hearing: {
          courtId: null,
          division: null,
          caseNumber: 'I C 123/24',
          startsAt: null,
          mode: null,
          remoteLink: null,
          party: 'Jan Kowalski',
        },
      })
      .where(eq(offerPayments.offerId, me.offer!.id));
    const minutesKey = `private/minutes/${randomBytes(8).toString('hex')}.pdf`;
    await t.app.storage.put(minutesKey, Buffer.from('%PDF-1.4 minutes'), 'application/pdf');
    await t.db
      .insert(hearingReports)
      .values({ offerId: me.offer!.id, outcome: 'held', notes: 'Sprawa odroczona', minutesKey });
    // A resized copy of the photo, made the first time a page asked for it.
    const resized = `resized/w192/${me.imageKey}`;
    await t.app.storage.put(resized, PHOTO, 'image/webp');
    const feed = await inject('POST', '/api/user/calendar-feed', me.headers);
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL(feed.json().data.url as string).pathname;
    const before = await t.app.inject({ url: feedPath });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('I C 123/24');
    const admin = await t.seed.session({ role: 'admin' });
    const minutesUrl = `/api/admin/disputes/${me.offer!.id}/minutes`;
    expect((await inject('GET', minutesUrl, admin.headers)).statusCode).toBe(200);

    const deleted = await inject('POST', '/api/me/delete', me.headers, { password: me.user.password! });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = await t.app.inject({ url: feedPath });
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('I C 123/24');
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.user.id))).toEqual([]);
    expect((await inject('GET', minutesUrl, admin.headers)).statusCode).toBe(404);
    expect(await t.app.storage.get(minutesKey)).toBeNull();
    expect(await t.app.storage.get(resized)).toBeNull();
    expect(await t.db.select().from(hearingReports).where(eq(hearingReports.offerId, me.offer!.id))).toEqual(
      [],
    );
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, me.offer!.id));
    expect(offer).toMatchObject({
      title: me.offer!.title,
      caseNumber: null,
      party: null,
      courtDivision: null,
      remoteLink: null,
      disputeReason: null,
    });
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, me.offer!.id));
    expect(payment).toMatchObject({ status: 'paid', grantor: null, hearing: null });
  });

  it('asks an account without a password to sign in with Google again, as the same address', async () => {
    const email = `google-${randomBytes(3).toString('hex')}@gmail.com`;
    const session = await t.seed.session({ email, password: null });
    const token = async (address: string) =>
      (await inject('POST', '/api/sandbox/google/token', {}, { email: address, name: 'Ewa' })).json().data
        .credential as string;
    expect((await remove(session.headers, { password: 'cokolwiek-1' })).json().code).toBe(
      'my_data.confirmation_required',
    );
    const someoneElse = await remove(session.headers, { google_token: await token('inny@gmail.com') });
    expect(someoneElse.json().code).toBe('my_data.google_mismatch');
    expect((await remove(session.headers, { google_token: 'forged' })).json().code).toBe(
      'auth.google_invalid',
    );
    const deleted = await remove(session.headers, { google_token: await token(email) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, session.user.id))).toHaveLength(0);
  });
});

describe('an administrator deleting an account', () => {
  it('needs the role, deletes once, and never deletes an administrator', async () => {
    const admin = await t.seed.session({ role: 'admin' });
    const me = await lawyer();
    const other = await lawyer();
    const forbidden = await inject('DELETE', `/api/admin/users/${me.user.id}`, other.headers);
    expect(forbidden.statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/users/${me.user.id}`)).statusCode).toBe(401);

    const done = await inject('DELETE', `/api/admin/users/${me.user.id}`, admin.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.app.storage.get(me.imageKey)).toBeNull();
    expect((await t.app.inject({ url: `/api/public/profile/${me.profile.seolink}` })).statusCode).toBe(410);
    const again = await inject('DELETE', `/api/admin/users/${me.user.id}`, admin.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('my_data.user_not_found');

    const otherAdmin = await t.seed.session({ role: 'admin' });
    expect(
      (await inject('DELETE', `/api/admin/users/${otherAdmin.user.id}`, admin.headers)).json().code,
    ).toBe('my_data.admin_account');
    const paid = await lawyer('payed');
    expect((await inject('DELETE', `/api/admin/users/${paid.user.id}`, admin.headers)).json().code).toBe(
      'my_data.unsettled_offers',
    );
    expect((await inject('DELETE', '/api/admin/users/not-a-uuid', admin.headers)).statusCode).toBe(400);
  });
});

describe("a payer's requests, confirmed by e-mail", () => {
  async function payer(status: 'accepted' | 'done') {
    const owner = await lawyer(status);
    const [payment] = await t.db
      .select()
      .from(offerPayments)
      .where(eq(offerPayments.offerId, owner.offer!.id));
    return { owner, email: payment!.email };
  }
  const ask = async (email: string, kind: 'export' | 'delete') => {
    const answer = await inject('POST', '/api/data-requests', {}, { email, kind, locale: 'pl' });
    await t.app.background.idle();
    return answer;
  };
  const linkIn = async (email: string) => {
    const mails = await mailsTo(email);
    const last = mails.at(-1);
    return /\/my-data\/confirm\/([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
  };
  const confirm = (token: string) =>
    inject('POST', '/api/data-requests/confirm', {}, { token, locale: 'pl' });

  it('answers an unknown address the same and mails nobody', async () => {
    const email = `nobody-${randomBytes(3).toString('hex')}@example.com`;
    const answer = await ask(email, 'export');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.message).toMatch(/Jeśli przechowujemy dane/);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(
      (await inject('POST', '/api/data-requests', {}, { email: 'zły', kind: 'export' })).statusCode,
    ).toBe(400);
  });

  it('gives a copy of the data once per link', async () => {
    const { email } = await payer('accepted');
    await ask(email, 'export');
    const token = await linkIn(email);
    expect(token).toBeDefined();
    const data = await confirm(token!);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject({
      kind: 'export',
      data: { email, payments: [{ city: 'Kraków', status: 'paid' }] },
    });
    expect((await confirm(token!)).statusCode).toBe(410);
  });

  // Decision 034: the answer now goes through its shared response schema, which drops unknown
  // fields; every field the export held before must still be there, times as ISO texts.
  it("keeps every field of the copy: the mails' status and times, the payment's columns", async () => {
    const { email } = await payer('accepted');
    await ask(email, 'export');
    const answer = (await confirm((await linkIn(email))!)).json().data;
    const mail = answer.data.mails.at(-1);
    expect(Object.keys(mail).sort()).toEqual(['createdAt', 'sentAt', 'status', 'subject', 'text']);
    expect(mail.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Object.keys(answer.data.payments[0])).toEqual(
      expect.arrayContaining(['id', 'offerTitle', 'priceGrosze', 'grantor', 'payDate', 'createdAt']),
    );
  });

  it('deletes on confirmation, keeping the paid payment stripped, and refuses while the job is unsettled', async () => {
    const unsettled = await payer('done');
    await ask(unsettled.email, 'delete');
    const early = await linkIn(unsettled.email);
    const refused = await confirm(early!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('my_data.payer_unsettled');

    const { owner, email } = await payer('accepted');
    await t.db
      .update(offerPayments)
      .set({
        grantor: {
          name: 'Anna Nowak',
          professionalType: 'adwokat',
          licenseNo: 'X/1',
          officeAddress: 'Prosta 1',
        },
        documentTokenHash: 'a'.repeat(64),
      })
      .where(eq(offerPayments.offerId, owner.offer!.id));
    await ask(email, 'delete');
    // A second request within minutes mails nothing more.
    await ask(email, 'delete');
    expect(await mailsTo(email)).toHaveLength(1);
    const token = await linkIn(email);
    const done = await confirm(token!);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.message).toMatch(/Usunęliśmy Twoje dane/);
    const [payment] = await t.db
      .select()
      .from(offerPayments)
      .where(eq(offerPayments.offerId, owner.offer!.id));
    expect(payment).toMatchObject({
      status: 'paid',
      email: '',
      phone: '',
      city: 'Kraków',
      grantor: null,
      documentTokenHash: null,
    });
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await confirm(token!)).statusCode).toBe(410);
  });
});

describe('mails', () => {
  it('every mail links to the page where a payer asks for their data', async () => {
    const { owner, email } = await (async () => {
      const o = await lawyer('accepted');
      const [p] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, o.offer!.id));
      return { owner: o, email: p!.email };
    })();
    expect(owner).toBeDefined();
    await inject('POST', '/api/data-requests', {}, { email, kind: 'export', locale: 'en' });
    await t.app.background.idle();
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('Your data: a copy or deletion: https://substytut.example/en/my-data');
    expect(mail?.html).toContain('href="https://substytut.example/en/my-data"');
  });
});

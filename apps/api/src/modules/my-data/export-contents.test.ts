import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { browserKeys, requestValues, seedSubstitute } from '../../../test/board-alerts-fixtures.ts';
import { invoicingLawyer, payAsClient } from '../../../test/invoice-helpers.ts';
import {
  alertSettings,
  boardConflictChecks,
  boardFavourites,
  boardReferences,
  boardReports,
  boardRequests,
  boardResponses,
  hearingReports,
  offerPayments,
  offers,
  pushSubscriptions,
  users,
} from '../../db/schema.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { issueAccessToken } from '../auth/access-tokens.ts';
import { collectLawyerData } from './my-data.collect.ts';

// Issue 34 §4: the export holds everything the product keeps about the lawyer, its README says
// exactly that, and the deletion first offers the invoices as an archive.
let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const MINUTES = Buffer.from('%PDF-1.4 protokół');

/** A lawyer whose paid job the court cancelled: hearing, report with minutes, dispute, refund, two invoices. */
async function lawyerWithAJob() {
  const me = await invoicingLawyer(t);
  const hearingAt = new Date(t.clock.now().getTime() + 3 * 24 * 3_600_000);
  const offer = await t.seed.offer({
    profileId: me.profile.id,
    netGrosze: 10_000,
    courtId: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
    courtDivision: 'I Wydział Cywilny',
    caseNumber: 'I C 123/24',
    hearingAt,
    hearingMode: 'remote',
    remoteLink: 'https://zoom.us/j/123',
    party: 'powód Jan Nowak',
  });
  await payAsClient(t, csrf, me.profile, offer.offerUrl, { email: 'platnik-eksport@example.com' });
  t.clock.advance(4 * 24 * 3_600_000);
  const done = await t.app.inject({
    method: 'PUT',
    url: `/api/user/offer/${offer.id}/done`,
    headers: { ...me.headers, ...csrf },
    payload: { outcome: 'cancelled_by_court', notes: 'Choroba sędziego.' },
  });
  expect(done.statusCode, done.body).toBe(200);
  const minutesKey = `private/minutes/${offer.id}.pdf`;
  await t.app.storage.put(minutesKey, MINUTES, 'application/pdf');
  await t.db.update(hearingReports).set({ minutesKey }).where(eq(hearingReports.offerId, offer.id));
  await t.db
    .update(offers)
    .set({ disputedAt: t.clock.now(), disputeReason: 'Pełnomocnik się nie stawił.' })
    .where(eq(offers.id, offer.id));
  const rows = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
  expect(rows.map((r) => r.kind).sort()).toEqual(['KOR', 'ZAL']);
  return { ...me, offer, rows };
}

const zipOf = (payload: Buffer) => unzipSync(new Uint8Array(payload));

describe('the export of "Moje dane" (issue 34)', () => {
  it('holds the hearing, the report and its minutes, the dispute, the refund, the invoices (PDF and XML) and the substitution document', async () => {
    const me = await lawyerWithAJob();
    // A second job, paid and under way: its substitution document is in the export (a refunded
    // job has none any more).
    const paid = await t.seed.offer({ profileId: me.profile.id });
    await payAsClient(t, csrf, me.profile, paid.offerUrl, { email: 'platnik-eksport-2@example.com' });
    const paidInvoices = await t.db.select().from(invoices).where(eq(invoices.offerId, paid.id));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/me/data-export',
          headers: { ...me.headers, ...csrf },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.background.idle();
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/me/data-export/file',
      headers: me.headers,
    });
    expect(download.statusCode, download.body).toBe(200);
    const zip = zipOf(download.rawPayload);
    const names = Object.keys(zip);

    for (const row of [...me.rows, ...paidInvoices]) {
      const base = `invoices/${row.id}-${row.number.replaceAll('/', '-')}`;
      expect(strFromU8(zip[`${base}.xml`]!)).toBe(row.xml);
      expect(strFromU8(zip[`${base}.pdf`]!.slice(0, 5))).toBe('%PDF-');
    }
    expect(Buffer.from(zip[`files/minutes/${me.offer.id}.pdf`]!).equals(MINUTES)).toBe(true);
    const documents = names.filter((n) => n.startsWith('documents/'));
    expect(documents).toHaveLength(1);
    expect(strFromU8(zip[documents[0]!]!.slice(0, 5))).toBe('%PDF-');

    expect(documents[0]).toContain(String(paid.id));
    const [offer] = JSON.parse(strFromU8(zip['offers.json']!)) as Record<string, unknown>[];
    expect(offer).toMatchObject({
      hearing: {
        caseNumber: 'I C 123/24',
        division: 'I Wydział Cywilny',
        mode: 'remote',
        remoteLink: 'https://zoom.us/j/123',
        party: 'powód Jan Nowak',
      },
      report: {
        outcome: 'cancelled_by_court',
        notes: 'Choroba sędziego.',
        minutesFile: `files/minutes/${me.offer.id}.pdf`,
      },
      dispute: { reason: 'Pełnomocnik się nie stawił.' },
      refunds: [{ amountGrosze: 12_300, cause: 'court_cancelled' }],
    });
    // No storage key of the product's own leaks into the file.
    expect(strFromU8(zip['offers.json']!)).not.toContain('private/minutes');

    const readme = strFromU8(zip['README.txt']!);
    for (const entry of [
      'invoices/',
      'documents/',
      'raport z rozprawy',
      'hearing report',
      'spór',
      'dispute',
      'protokoły rozpraw',
    ]) {
      expect(readme).toContain(entry);
    }
    expect(readme).not.toMatch(/nie przechowuje .*raportów|no hearing reports/);
  });

  it('deleting the account first offers the invoice archive, and says where the copies for the tax office live', async () => {
    const me = await lawyerWithAJob();
    const check = await t.app.inject({ method: 'GET', url: '/api/me/deletion', headers: me.headers });
    expect(check.json().data).toMatchObject({ invoices: 2 });

    const archive = await t.app.inject({
      method: 'GET',
      url: '/api/me/invoice-archive',
      headers: me.headers,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(archive.headers['content-disposition']).toMatch(/^attachment; filename="substytut-faktury-/);
    const zip = zipOf(archive.rawPayload);
    expect(Object.keys(zip).sort()).toEqual(
      [
        'README.txt',
        ...me.rows.flatMap((r) => {
          const base = `invoices/${r.id}-${r.number.replaceAll('/', '-')}`;
          return [`${base}.pdf`, `${base}.xml`];
        }),
      ].sort(),
    );
    const readme = strFromU8(zip['README.txt']!);
    expect(readme).toContain('serwis przechowuje kopie faktur i płatności dla urzędu skarbowego');
    expect(readme).toContain('5 lat');

    // Nobody else's, and not without a session.
    const other = await invoicingLawyer(t);
    const theirs = zipOf(
      (await t.app.inject({ method: 'GET', url: '/api/me/invoice-archive', headers: other.headers }))
        .rawPayload,
    );
    expect(Object.keys(theirs)).toEqual(['README.txt']);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/invoice-archive' })).statusCode).toBe(401);
  });
});

// The board (issue 32, decision 048): the export holds the account's board data, its README says
// so, and deleting the account leaves none of it behind, emptied account or not.
const COURT = 'sad-rejonowy-w-tarnowie';

/** A poster (a lawyer with a profile), the substitute they picked, and another who answered. */
async function boardStory() {
  const posterSession = await t.seed.session();
  const posterProfile = await t.seed.profile({ userId: posterSession.user.id, firstname: 'Piotr' });
  const picked = await seedSubstitute(t.db, t.seed, { courts: [COURT], push: true });
  const other = await seedSubstitute(t.db, t.seed, { courts: [COURT] });
  const endpoint = `https://push.example/${randomBytes(6).toString('hex')}`;
  const keys = browserKeys();
  await t.db.insert(pushSubscriptions).values({ userId: picked.user.id, endpoint, ...keys });

  const [request] = await t.db
    .insert(boardRequests)
    .values(requestValues(posterSession.user.id, t.clock.now(), { courtId: COURT, caseNumber: 'II C 7/26' }))
    .returning();
  const [answer, otherAnswer] = await t.db
    .insert(boardResponses)
    .values([
      { requestId: request!.id, substituteProfileId: picked.profile.id, message: 'Mogę być o 9:00.' },
      { requestId: request!.id, substituteProfileId: other.profile.id, priceNetGrosze: 40_000, message: 'Za 400 zł.' },
    ])
    .returning();
  await t.db
    .update(boardRequests)
    .set({ assignedResponseId: answer!.id })
    .where(eq(boardRequests.id, request!.id));
  await t.db.insert(boardConflictChecks).values([
    { requestId: request!.id, substituteProfileId: picked.profile.id },
    { requestId: request!.id, substituteProfileId: other.profile.id },
  ]);
  await t.db
    .insert(boardFavourites)
    .values({ posterUserId: posterSession.user.id, substituteProfileId: picked.profile.id });
  await t.db.insert(boardReferences).values({
    requestId: request!.id,
    substituteProfileId: picked.profile.id,
    text: 'Punktualnie i rzetelnie.',
    jobMonth: '2026-11',
    publishedAt: t.clock.now(),
  });
  await t.db.insert(boardReports).values({
    requestId: request!.id,
    responseId: otherAnswer!.id,
    reporterUserId: posterSession.user.id,
    reason: 'Reklama zamiast odpowiedzi.',
  });
  await t.db.insert(alertSettings).values({ userId: posterSession.user.id, cities: ['Tarnów'] });
  await t.db
    .insert(pushSubscriptions)
    .values({ userId: posterSession.user.id, endpoint: `${endpoint}-poster`, ...browserKeys() });
  return { poster: { ...posterSession, profile: posterProfile }, picked, other, request: request!, endpoint, keys };
}

describe("the board's data in the export", () => {
  it("the poster's: requests with the answers and conflict checks received, favourites, references given, reports", async () => {
    const story = await boardStory();
    const data = await collectLawyerData(t.db, story.poster.user.id);
    const board = data!.board;
    expect(board.requestsPosted).toHaveLength(1);
    expect(board.requestsPosted[0]).toMatchObject({
      id: story.request.id,
      courtId: COURT,
      caseNumber: 'II C 7/26',
      parties: [{ name: 'Jan Nowak', role: 'powód' }],
      answersReceived: [
        { message: 'Mogę być o 9:00.', priceNetGrosze: null, picked: true },
        { message: 'Za 400 zł.', priceNetGrosze: 40_000, picked: false },
      ],
    });
    expect(board.requestsPosted[0]!.conflictChecks).toHaveLength(2);
    expect(board.favourites).toHaveLength(1);
    expect(board.referencesGiven).toEqual([
      expect.objectContaining({ text: 'Punktualnie i rzetelnie.', jobMonth: '2026-11' }),
    ]);
    expect(board.referencesReceived).toEqual([]);
    expect(board.reports).toEqual([
      expect.objectContaining({ reason: 'Reklama zamiast odpowiedzi.', aboutAnAnswer: true }),
    ]);
    expect(board.alertSettings).toMatchObject({ cities: ['Tarnów'] });
    expect(board.answersGiven).toEqual([]);
    // No account id of anyone else.
    expect(JSON.stringify(board)).not.toContain(story.picked.user.id);
  });

  it("the substitute's, in the ZIP's board.json: answers, conflict checks, references received, alert settings, browsers without keys", async () => {
    const story = await boardStory();
    const me = story.picked;
    const token = await issueAccessToken(t.db, me.user.id, t.clock.now());
    const auth = { authorization: `Bearer ${token}` };
    const started = await t.app.inject({ method: 'POST', url: '/api/me/data-export', headers: { ...auth, ...csrf } });
    expect(started.statusCode, started.body).toBe(200);
    await t.app.background.idle();
    const download = await t.app.inject({ method: 'GET', url: '/api/me/data-export/file', headers: auth });
    expect(download.statusCode, download.body).toBe(200);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const text = strFromU8(zip['board.json']!);
    const board = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
    expect(board.answersGiven).toEqual([
      expect.objectContaining({ requestId: story.request.id, message: 'Mogę być o 9:00.', picked: true }),
    ]);
    expect(board.conflictChecks).toEqual([expect.objectContaining({ requestId: story.request.id, courtId: COURT })]);
    expect(board.referencesReceived).toEqual([expect.objectContaining({ text: 'Punktualnie i rzetelnie.' })]);
    expect(board.alertSettings).toMatchObject({ courtIds: [COURT], push: true });
    expect(board.pushSubscriptions).toEqual([{ endpoint: story.endpoint, createdAt: expect.any(String) }]);
    // The browser's keys are its secrets: not in the file.
    expect(text).not.toContain(story.keys.p256dh);
    expect(text).not.toContain(story.keys.auth);
    // What the picked substitute never saw: the other's answer, nor the poster's report.
    expect(text).not.toContain('Za 400 zł.');
    expect(text).not.toContain('Reklama zamiast odpowiedzi.');

    const readme = strFromU8(zip['README.txt']!);
    for (const entry of [
      'board.json',
      'tablica zastępstw',
      'substitution board',
      'konfliktu interesów',
      'conflict checks',
      'ulubieni substytuci',
      'favourite substitutes',
      'referencje wystawione',
      'references given and received',
      'ustawienia powiadomień',
      'alert settings',
      'bez kluczy',
      'without keys',
    ])
      expect(readme).toContain(entry);
  });
});

describe("deleting an account deletes its board data", () => {
  const remove = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: { authorization: `Bearer ${token}`, ...csrf },
      payload: { password },
    });

  it('a substitute deleted whole: answers, conflict checks, references received, favourite marks, alerts and browsers go', async () => {
    const story = await boardStory();
    const me = story.picked;
    const deleted = await remove(await issueAccessToken(t.db, me.user.id, t.clock.now()), me.user.password!);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const by = me.profile.id;
    expect(await t.db.select().from(boardResponses).where(eq(boardResponses.substituteProfileId, by))).toEqual([]);
    expect(
      await t.db.select().from(boardConflictChecks).where(eq(boardConflictChecks.substituteProfileId, by)),
    ).toEqual([]);
    expect(await t.db.select().from(boardReferences).where(eq(boardReferences.substituteProfileId, by))).toEqual(
      [],
    );
    expect(await t.db.select().from(boardFavourites).where(eq(boardFavourites.substituteProfileId, by))).toEqual(
      [],
    );
    expect(await t.db.select().from(alertSettings).where(eq(alertSettings.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id))).toEqual(
      [],
    );
    // The poster's request and the other substitute's answer stay.
    expect(await t.db.select().from(boardRequests).where(eq(boardRequests.id, story.request.id))).toHaveLength(1);
    expect(
      await t.db.select().from(boardResponses).where(eq(boardResponses.substituteProfileId, story.other.profile.id)),
    ).toHaveLength(1);
  });

  it('a poster kept as an emptied account for tax records: requests (with what hangs on them), favourites, reports, alerts and browsers go', async () => {
    const story = await boardStory();
    const me = story.poster;
    // A paid job as a lawyer: the account row stays, emptied (decision 029).
    const offer = await t.seed.offer({ profileId: me.profile.id, status: 'accepted' });
    await t.db.insert(offerPayments).values({
      offerId: offer.id,
      provider: 'sandbox',
      externalId: `cs_${randomBytes(6).toString('hex')}`,
      payLink: 'http://localhost/pay',
      status: 'paid',
      price: offer.grossGrosze,
      email: `client-${randomBytes(4).toString('hex')}@example.com`,
      phone: '+48601202303',
      street: 'Kliencka 2',
      city: 'Kraków',
      postCode: '30-001',
      expiresAt: t.clock.now(),
      payDate: t.clock.now(),
    });
    const deleted = await remove(me.token, me.user.password!);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user?.deletedAt).not.toBeNull();

    expect(await t.db.select().from(boardRequests).where(eq(boardRequests.posterUserId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(boardResponses).where(eq(boardResponses.requestId, story.request.id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(boardConflictChecks).where(eq(boardConflictChecks.requestId, story.request.id)),
    ).toEqual([]);
    expect(await t.db.select().from(boardReferences).where(eq(boardReferences.requestId, story.request.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(boardFavourites).where(eq(boardFavourites.posterUserId, me.user.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(boardReports).where(eq(boardReports.reporterUserId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(alertSettings).where(eq(alertSettings.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id))).toEqual(
      [],
    );
    // The substitutes' own alert settings stay.
    expect(await t.db.select().from(alertSettings).where(eq(alertSettings.userId, story.other.user.id))).toHaveLength(
      1,
    );
  });
});

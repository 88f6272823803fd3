import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/helpers.ts';
import { boardFavourites, boardReferences, boardRequests, boardResponses } from '../../../db/schema/board.ts';
import { mailOutbox } from '../../../db/schema/users.ts';
import type { OfferStatus } from '@substytut/shared';
import { completedSubstitutionsOf, publishedReferencesOf } from './index.ts';

/**
 * Issue 32, the people around a job from the board: a substitute's completed substitutions, the
 * poster's favourites, the poster's reference and the substitute's decision to publish it.
 */

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

/** A poster, a substitute and a board request of the poster picked for the substitute's offer. */
async function job(
  options: { state?: 'open' | 'assigned' | 'paid'; offer?: OfferStatus; locale?: 'pl' | 'en' } = {},
) {
  const { state = 'paid', offer: offerStatus = 'accepted', locale = 'pl' } = options;
  const poster = await t.seed.session({ name: 'Zlecająca Kancelaria' });
  const posterProfile = await t.seed.profile({
    userId: poster.user.id,
    firstname: 'Ewa',
    lastname: 'Zlecająca',
  });
  const substituteUser = await t.seed.session({ locale });
  const substitute = await t.seed.profile({
    userId: substituteUser.user.id,
    firstname: 'Adam',
    lastname: 'Substytut',
  });
  const offer = await t.seed.offer({ profileId: substitute.id, status: offerStatus });
  const startsAt = new Date(Date.UTC(2026, 10, 12, 9, 0));
  const [request] = await t.db
    .insert(boardRequests)
    .values({
      posterUserId: poster.user.id,
      state,
      courtId: 'sad-rejonowy-dla-warszawy-srodmiescia-w-warszawie',
      division: 'I Wydział Cywilny',
      startsAt,
      mode: 'in_person',
      caseType: 'civil',
      task: 'Stawiennictwo na rozprawie, wniosek dowodowy.',
      professions: ['adwokat', 'radca-prawny'],
      feeNetGrosze: 30_000,
      answerDeadline: new Date(startsAt.getTime() - 2 * HOUR),
      caseNumber: 'I C 123/26',
      parties: [{ name: 'Jan Powód', role: 'powód' }],
      offerId: state === 'open' ? null : offer.id,
      paidAt: state === 'paid' ? startsAt : null,
    })
    .returning();
  const [response] = await t.db
    .insert(boardResponses)
    .values({ requestId: request!.id, substituteProfileId: substitute.id, message: 'Chętnie.' })
    .returning();
  if (state !== 'open')
    await t.db
      .update(boardRequests)
      .set({ assignedResponseId: response!.id })
      .where(eq(boardRequests.id, request!.id));
  return { poster, posterProfile, substituteUser, substitute, offer, request: request!, response: response! };
}

const send = (
  method: 'PUT' | 'DELETE' | 'POST' | 'GET',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers: { ...headers, ...csrf }, ...(payload ? { payload } : {}) });

const favourites = (posterUserId: string) =>
  t.db.select().from(boardFavourites).where(eq(boardFavourites.posterUserId, posterUserId));
const referencesOfRequest = (requestId: string) =>
  t.db.select().from(boardReferences).where(eq(boardReferences.requestId, requestId));

describe('completedSubstitutionsOf', () => {
  it('counts accepted and archived offers per profile, in one call for a list of cards', async () => {
    const a = await t.seed.profile();
    const b = await t.seed.profile();
    const c = await t.seed.profile();
    for (const status of [
      'accepted',
      'archive',
      'accepted',
      'done',
      'payed',
      'disputed',
      'refunded',
      'active',
    ] as const)
      await t.seed.offer({ profileId: a.id, status });
    await t.seed.offer({ profileId: b.id, status: 'archive' });
    const counts = await completedSubstitutionsOf(t.db, [a.id, b.id, c.id, a.id]);
    expect(counts.get(a.id)).toBe(3);
    expect(counts.get(b.id)).toBe(1);
    expect(counts.get(c.id) ?? 0).toBe(0);
    expect((await completedSubstitutionsOf(t.db, [])).size).toBe(0);
  });
});

describe('PUT/DELETE /api/user/board/favourites/:profileId', () => {
  it('lets the poster mark the substitute of a completed job, and unmark them', async () => {
    const { poster, substitute } = await job();
    const marked = await send('PUT', `/api/user/board/favourites/${substitute.id}`, poster.headers);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ profile_id: substitute.id, favourite: true });
    // Twice is the same.
    expect(
      (await send('PUT', `/api/user/board/favourites/${substitute.id}`, poster.headers)).statusCode,
    ).toBe(200);
    expect(await favourites(poster.user.id)).toHaveLength(1);
    const unmarked = await send('DELETE', `/api/user/board/favourites/${substitute.id}`, poster.headers);
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json().data).toEqual({ profile_id: substitute.id, favourite: false });
    expect(await favourites(poster.user.id)).toHaveLength(0);
  });

  it('counts a job archived after the acceptance window as completed', async () => {
    const { poster, substitute } = await job({ offer: 'archive' });
    expect(
      (await send('PUT', `/api/user/board/favourites/${substitute.id}`, poster.headers)).statusCode,
    ).toBe(200);
  });

  it.each([
    ['the job is not confirmed yet', { offer: 'done' as const }],
    ['the job is paid but not done', { offer: 'payed' as const }],
    ['the job was disputed', { offer: 'disputed' as const }],
    ['the request is only assigned', { state: 'assigned' as const, offer: 'active' as const }],
  ])('refuses when %s, and stores nothing', async (_name, options) => {
    const { poster, substitute } = await job(options);
    const refused = await send('PUT', `/api/user/board/favourites/${substitute.id}`, poster.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('board.favourite_not_allowed');
    expect(await favourites(poster.user.id)).toHaveLength(0);
  });

  it('refuses a substitute of another poster’s job, a stranger and an unknown profile', async () => {
    const { substitute, poster: otherPoster } = await job();
    const someone = await t.seed.session();
    const stranger = await t.seed.profile();
    for (const id of [substitute.id, stranger.id, 999_999]) {
      const refused = await send('PUT', `/api/user/board/favourites/${id}`, someone.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('board.favourite_not_allowed');
    }
    expect(await favourites(someone.user.id)).toHaveLength(0);
    // The substitute cannot mark the poster the other way round either.
    const { posterProfile } = await job();
    const reverse = await send('PUT', `/api/user/board/favourites/${posterProfile.id}`, otherPoster.headers);
    expect(reverse.statusCode).toBe(403);
  });

  it('removes only the caller’s own favourite', async () => {
    const { poster, substitute } = await job();
    await send('PUT', `/api/user/board/favourites/${substitute.id}`, poster.headers);
    const someone = await t.seed.session();
    const removed = await send('DELETE', `/api/user/board/favourites/${substitute.id}`, someone.headers);
    expect(removed.statusCode).toBe(200);
    expect(await favourites(poster.user.id)).toHaveLength(1);
  });

  it('needs a signed-in user and a profile id', async () => {
    expect((await send('PUT', '/api/user/board/favourites/1', {})).statusCode).toBe(401);
    const { headers } = await t.seed.session();
    expect((await send('PUT', '/api/user/board/favourites/abc', headers)).statusCode).toBe(400);
  });
});

describe('POST /api/user/board/requests/:id/reference', () => {
  it('stores the poster’s reference on a confirmed job, answers the request and mails the substitute', async () => {
    const { poster, substitute, substituteUser, request, response } = await job();
    const written = await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text: '  Rzetelnie i na czas.  ',
    });
    expect(written.statusCode).toBe(200);
    const answer = written.json().data;
    expect(answer).toMatchObject({
      id: request.id,
      state: 'paid',
      reference: 'Rzetelnie i na czas.',
      case_number: 'I C 123/26',
      assigned_response_id: response.id,
    });
    expect(answer.responses).toHaveLength(1);
    expect(answer.responses[0].substitute).toMatchObject({ profile_id: substitute.id, completed_count: 1 });
    const [stored] = await referencesOfRequest(request.id);
    expect(stored).toMatchObject({
      substituteProfileId: substitute.id,
      text: 'Rzetelnie i na czas.',
      jobMonth: '2026-11',
      publishedAt: null,
    });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, substituteUser.user.email));
    expect(mail?.locale).toBe('pl');
    expect(mail?.subject).toContain('referencj');
    expect(mail?.text).toContain('Rzetelnie i na czas.');
    expect(mail?.text).toContain('/dashboard/');
  });

  it('mails a substitute who reads English in English', async () => {
    const { poster, substituteUser, request } = await job({ locale: 'en' });
    await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text: 'Great work.',
    });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, substituteUser.user.email));
    expect(mail?.locale).toBe('en');
    expect(mail?.subject).toMatch(/reference/i);
  });

  it('refuses a second reference and keeps the first', async () => {
    const { poster, request } = await job();
    await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text: 'Pierwsza.',
    });
    const second = await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text: 'Druga.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('board.reference_exists');
    expect((await referencesOfRequest(request.id)).map((r) => r.text)).toEqual(['Pierwsza.']);
  });

  it.each([
    ['too long', 'x'.repeat(121), 'validation.referenceDescriptionMax'],
    ['empty', '   ', 'validation.fillField'],
  ])('refuses a text %s', async (_name, text, code) => {
    const { poster, request } = await job();
    const refused = await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ text: code });
    expect(await referencesOfRequest(request.id)).toEqual([]);
  });

  it.each([
    ['not confirmed yet', { offer: 'done' as const }],
    ['disputed', { offer: 'disputed' as const }],
    ['only assigned', { state: 'assigned' as const, offer: 'active' as const }],
    ['still open', { state: 'open' as const }],
  ])('refuses a job %s', async (_name, options) => {
    const { poster, request } = await job(options);
    const refused = await send('POST', `/api/user/board/requests/${request.id}/reference`, poster.headers, {
      text: 'Za wcześnie.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('board.reference_not_allowed');
    expect(await referencesOfRequest(request.id)).toEqual([]);
  });

  it('answers another user’s request as unknown: the substitute, a stranger, an unknown id', async () => {
    const { substituteUser, request } = await job();
    const stranger = await t.seed.session();
    for (const [headers, id] of [
      [substituteUser.headers, request.id],
      [stranger.headers, request.id],
      [stranger.headers, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const refused = await send('POST', `/api/user/board/requests/${id}/reference`, headers, {
        text: 'Nie moje.',
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('board.request_not_found');
    }
    expect(await referencesOfRequest(request.id)).toEqual([]);
    expect(
      (await send('POST', '/api/user/board/requests/nope/reference', stranger.headers, { text: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('GET /api/user/board/references and PUT …/:id', () => {
  async function written(options: Parameters<typeof job>[0] = {}) {
    const j = await job(options);
    await send('POST', `/api/user/board/requests/${j.request.id}/reference`, j.poster.headers, {
      text: 'Polecam.',
    });
    const [reference] = await referencesOfRequest(j.request.id);
    return { ...j, reference: reference! };
  }

  it('lists the substitute’s references, unpublished first, with the poster’s name and the month', async () => {
    const { substituteUser, reference } = await written();
    const list = await send('GET', '/api/user/board/references', substituteUser.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual({
      items: [
        {
          id: reference.id,
          text: 'Polecam.',
          month: '2026-11',
          published: false,
          poster_name: 'Ewa Zlecająca',
        },
      ],
    });
  });

  it('shows nobody else the substitute’s references', async () => {
    const { poster } = await written();
    const stranger = await t.seed.session();
    expect((await send('GET', '/api/user/board/references', poster.headers)).json().data.items).toEqual([]);
    expect((await send('GET', '/api/user/board/references', stranger.headers)).json().data.items).toEqual([]);
  });

  it('publishes and withdraws, and the public page and the board cards follow at once', async () => {
    const { substituteUser, substitute, reference } = await written();
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/public/profile/${substitute.seolink}` })).json().data;
    expect((await page()).board_references).toEqual([]);

    const published = await send(
      'PUT',
      `/api/user/board/references/${reference.id}`,
      substituteUser.headers,
      {
        published: true,
      },
    );
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ id: reference.id, published: true });
    expect((await page()).board_references).toEqual([{ text: 'Polecam.', month: '2026-11' }]);
    expect((await publishedReferencesOf(t.db, [substitute.id])).get(substitute.id)).toEqual([
      { text: 'Polecam.', month: '2026-11' },
    ]);

    const withdrawn = await send(
      'PUT',
      `/api/user/board/references/${reference.id}`,
      substituteUser.headers,
      {
        published: false,
      },
    );
    expect(withdrawn.json().data.published).toBe(false);
    expect((await page()).board_references).toEqual([]);
    expect((await publishedReferencesOf(t.db, [substitute.id])).get(substitute.id) ?? []).toEqual([]);
  });

  it('lets only the substitute it is about publish it', async () => {
    const { poster, reference } = await written();
    const stranger = await t.seed.session();
    for (const headers of [poster.headers, stranger.headers]) {
      const refused = await send('PUT', `/api/user/board/references/${reference.id}`, headers, {
        published: true,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('board.reference_not_found');
    }
    const [after] = await t.db.select().from(boardReferences).where(eq(boardReferences.id, reference.id));
    expect(after?.publishedAt).toBeNull();
  });

  it('refuses a body without a boolean', async () => {
    const { substituteUser, reference } = await written();
    const refused = await send('PUT', `/api/user/board/references/${reference.id}`, substituteUser.headers, {
      published: 'yes',
    });
    expect(refused.statusCode).toBe(400);
    const [after] = await t.db
      .select()
      .from(boardReferences)
      .where(and(eq(boardReferences.id, reference.id)));
    expect(after?.publishedAt).toBeNull();
  });
});

import { and, eq } from 'drizzle-orm';
import { findCourt, type BoardRequestCard, type BoardRequestDetail, type MyBoardRequest } from '@substytut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { makeSend, payCheckout, startPayment, type Send } from '../../../test/quality/world.ts';
import { boardConflictChecks, boardRequests, boardResponses, mailOutbox, offers, users } from '../../db/schema.ts';
import { runBoardClock } from './index.ts';

/**
 * The substitution board's API (issue 32, docs/board.md): who posts, who sees what, the conflict
 * check, one answer each, the pick and its offer, auto-assign, cancel, the clock (expiry, lapse),
 * payment, reports, the administrator's board, and that every refusal changes nothing.
 */

let t: TestApp;
let send: Send;

const SR = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
const SO = 'sad-okregowy-w-warszawie';
const HOUR = 3_600_000;
const START = '2026-03-02T08:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({
    clock: createTestClock(START),
    env: { BOARD_POSTS_PER_HOUR: '10000', BOARD_ANSWERS_PER_HOUR: '10000', BOARD_REPORTS_PER_HOUR: '10000' },
  });
  send = await makeSend(t);
  expect(findCourt(SR)?.kind).toBe('SR');
  expect(findCourt(SO)?.kind).toBe('SO');
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type Person = Awaited<ReturnType<typeof poster>>;

/** Any signed-in account with a confirmed e-mail (no profile needed). */
async function poster(verified = true) {
  return t.seed.session({ verified });
}

/** A substitute: verified licence and a payout account unless told otherwise. */
async function substitute(fields: Record<string, unknown> = {}, active = true) {
  const session = await t.seed.session();
  const profile = await t.seed.profile({ userId: session.user.id, permissions: 'adwokat', active, ...fields });
  return { ...session, profile };
}

const at = (hoursFromNow: number) => new Date(t.clock.now().getTime() + hoursFromNow * HOUR).toISOString();

function postBody(overrides: Record<string, unknown> = {}) {
  return {
    court_id: SR,
    division: 'II Wydział Cywilny',
    starts_at: at(24),
    mode: 'in_person',
    case_type: 'civil',
    task: 'Stawiennictwo na rozprawie, przesłuchanie świadka.',
    professions: ['adwokat', 'radca-prawny'],
    fee_net: '250.00',
    auto_assign: false,
    answer_deadline: null,
    case_number: 'II C 123/26',
    parties: [
      { name: 'Anna Tajna', role: 'powódka' },
      { name: 'Firma Sekretna sp. z o.o.', role: 'pozwana' },
    ],
    ...overrides,
  };
}

const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  send({ method, url, headers, ...(payload ? { payload } : {}) });

async function post(who: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(who.headers, 'POST', '/api/board/requests', postBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string } }).data.id;
}

const board = async (who: { headers: Headers }) => {
  const res = await call(who.headers, 'GET', '/api/board/requests');
  return { res, items: res.statusCode === 200 ? (res.json() as { data: { items: BoardRequestCard[] } }).data.items : [] };
};
const detail = (who: { headers: Headers }, id: string) => call(who.headers, 'GET', `/api/board/requests/${id}`);
/** The conflict check's first step: the parties shown, the viewing recorded. */
const viewParties = (who: { headers: Headers }, id: string) =>
  call(who.headers, 'POST', `/api/board/requests/${id}/conflict-check/view`);
/** Its second step: the substitute confirms there is no conflict of interest. */
const confirmNoConflict = (who: { headers: Headers }, id: string, body: object = { no_conflict: true }) =>
  call(who.headers, 'POST', `/api/board/requests/${id}/conflict-check`, body);
/** The whole conflict check, both steps; answers the confirmation's response (or the refused view). */
async function check(who: { headers: Headers }, id: string) {
  const viewed = await viewParties(who, id);
  return viewed.statusCode === 200 ? confirmNoConflict(who, id) : viewed;
}
const respond = (who: { headers: Headers }, id: string, price_net: string | null = null, message = 'Mogę być.') =>
  call(who.headers, 'POST', `/api/board/requests/${id}/responses`, { price_net, message });
const assign = (who: { headers: Headers }, id: string, responseId: string) =>
  call(who.headers, 'POST', `/api/board/requests/${id}/assign`, { responseId });
const mine = async (who: { headers: Headers }) =>
  ((await call(who.headers, 'GET', '/api/user/board/requests')).json() as { data: { items: MyBoardRequest[] } }).data.items;

async function requestRow(id: string) {
  const [row] = await t.db.select().from(boardRequests).where(eq(boardRequests.id, id));
  if (!row) throw new Error('no request');
  return row;
}
async function snapshot(id: string) {
  return {
    request: await requestRow(id),
    responses: await t.db.select().from(boardResponses).where(eq(boardResponses.requestId, id)),
    checks: await t.db.select().from(boardConflictChecks).where(eq(boardConflictChecks.requestId, id)),
  };
}
async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** A substitute who did the conflict check and answered; the answer's id. */
async function answered(id: string, who: Awaited<ReturnType<typeof substitute>>, price: string | null = null) {
  expect((await check(who, id)).statusCode).toBe(200);
  const res = await respond(who, id, price);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string } }).data.id;
}

describe('posting', () => {
  it('any account with a confirmed e-mail posts; the request is open and urgent within 48 hours', async () => {
    const p = await poster();
    const soon = await post(p, { starts_at: at(30) });
    const later = await post(p, { starts_at: at(72) });
    expect(await requestRow(soon)).toMatchObject({ state: 'open', urgent: true, feeNetGrosze: 25_000 });
    expect(await requestRow(later)).toMatchObject({ state: 'open', urgent: false });
    // The default deadline: two hours before the hearing.
    expect((await requestRow(later)).answerDeadline.toISOString()).toBe(new Date(Date.parse(at(70))).toISOString());
  });

  it('queues the alerts in the posting transaction, and tells open boards after it', async () => {
    const board = t.services.board;
    const original = board.notifier;
    const posted: string[] = [];
    const changed: string[] = [];
    board.notifier = {
      requestPosted: async (tx, request) => {
        // Inside the transaction: the row is already visible to it.
        const [row] = await tx.select().from(boardRequests).where(eq(boardRequests.id, request.id));
        posted.push(row?.id ?? 'missing');
      },
      requestChanged: async (change) => {
        changed.push(`${change.requestId}:${change.state}`);
      },
    };
    try {
      const p = await poster();
      const id = await post(p);
      expect(posted).toEqual([id]);
      expect(changed).toEqual([`${id}:open`]);
      // An outbox that cannot take the alerts takes the request with it: never posted without them.
      board.notifier = { ...board.notifier, requestPosted: async () => Promise.reject(new Error('outbox down')) };
      const res = await call(p.headers, 'POST', '/api/board/requests', postBody({ task: 'Bez powiadomień.' }));
      expect(res.statusCode).toBe(500);
      const mineNow = await t.db.select().from(boardRequests).where(eq(boardRequests.posterUserId, p.user.id));
      expect(mineNow.map((r) => r.id)).toEqual([id]);
    } finally {
      board.notifier = original;
    }
  });

  it('refuses an unconfirmed e-mail and a visitor, and stores nothing', async () => {
    const p = await poster(false);
    const before = await t.db.select().from(boardRequests).where(eq(boardRequests.posterUserId, p.user.id));
    const res = await call(p.headers, 'POST', '/api/board/requests', postBody());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.email_not_verified' });
    const anon = await send({ method: 'POST', url: '/api/board/requests', payload: postBody() });
    expect(anon.statusCode).toBe(401);
    expect(await t.db.select().from(boardRequests).where(eq(boardRequests.posterUserId, p.user.id))).toEqual(before);
  });

  it('refuses a bad body with the field errors', async () => {
    const p = await poster();
    const res = await call(p.headers, 'POST', '/api/board/requests', postBody({ court_id: 'nowhere', professions: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      errors: { court_id: 'validation.courtUnknown', professions: 'validation.boardProfessionsRequired' },
    });
  });
});

describe('the board and one request', () => {
  it('shows open requests to a verified, eligible substitute by hearing time, never the case number or parties', async () => {
    const p = await poster();
    const late = await post(p, { starts_at: at(50) });
    const early = await post(p, { starts_at: at(20) });
    const s = await substitute();
    const { res, items } = await board(s);
    expect(res.statusCode).toBe(200);
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(early)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    expect(res.body).not.toContain('II C 123/26');
    expect(res.body).not.toContain('Anna Tajna');
    const card = items.find((i) => i.id === early);
    expect(card).toMatchObject({ court_name: findCourt(SR)?.name, fee_net: '250.00', fee_gross: '307.50', urgent: true });
    const one = await detail(s, early);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ data: { case_number: null, parties: null, offer: null } });
  });

  it('refuses an unverified substitute (licence, or payouts not connected)', async () => {
    const p = await poster();
    const id = await post(p);
    const noLicence = await substitute({ licenceState: 'pending' });
    const noPayouts = await substitute({}, false);
    for (const s of [noLicence, noPayouts]) {
      const list = await call(s.headers, 'GET', '/api/board/requests');
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ code: 'board.not_verified' });
      expect((await detail(s, id)).json()).toMatchObject({ code: 'board.not_verified' });
    }
    // A poster without a profile is no substitute either.
    expect((await call((await poster()).headers, 'GET', '/api/board/requests')).statusCode).toBe(403);
  });

  it('leaves out requests for another profession, and refuses them one by one', async () => {
    const p = await poster();
    const id = await post(p, { professions: ['radca-prawny'] });
    const s = await substitute({ permissions: 'adwokat' });
    expect((await board(s)).items.map((i) => i.id)).not.toContain(id);
    const res = await detail(s, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'board.not_eligible' });
  });

  it('leaves a trainee out where the training is too short (no training start known)', async () => {
    const p = await poster();
    const id = await post(p, { professions: ['aplikant-adwokacki'], court_id: SO });
    const trainee = await substitute({ permissions: 'aplikant-adwokacki' });
    expect((await board(trainee)).items.map((i) => i.id)).not.toContain(id);
    expect((await detail(trainee, id)).json()).toMatchObject({ code: 'board.not_eligible' });
    expect((await check(trainee, id)).statusCode).toBe(403);
  });

  it('answers 404 for an id that is no request, and hides nothing from the poster', async () => {
    const s = await substitute();
    expect((await detail(s, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'board.not_found' });
    expect((await detail(s, 'not-a-uuid')).statusCode).toBe(404);
    const p = await poster();
    const id = await post(p);
    const own = await detail(p, id);
    expect(own.json()).toMatchObject({ data: { case_number: 'II C 123/26', parties: [{ name: 'Anna Tajna' }, {}] } });
  });
});

/**
 * A verified trainee legal counsel who saves the training start through the profile, as the form
 * does (the name, number and chamber unchanged). The legal counsel's register says nothing about
 * the date, so the licence stays verified (issue 32).
 */
async function traineeWith(trainingStart: string) {
  const s = await substitute({ permissions: 'aplikant-radcowski' });
  const saved = await call(s.headers, 'PUT', '/api/user/profile', {
    firstname: s.profile.firstname,
    lastname: s.profile.lastname,
    phone: '',
    permissions: s.profile.permissions,
    licenseNo: s.profile.licenseNo,
    specialization: ['prawo-cywilne'],
    institution: s.profile.institution,
    description: 'Aplikantka radcowska.',
    linkedinUrl: '',
    facebookUrl: '',
    jobs: [],
    references: [],
    training_start: trainingStart,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ data: { training_start: trainingStart, licence: { state: 'verified' } } });
  return s;
}

describe('trainees by their training start (art. 35 ustawy o radcach prawnych)', () => {
  it('a trainee who saved the training start keeps the licence and sees what the training allows', async () => {
    const p = await poster();
    // The hearings are on 3 March 2026.
    const district = await post(p, { professions: ['aplikant-radcowski'], court_id: SR });
    const regional = await post(p, { professions: ['aplikant-radcowski'], court_id: SO });
    const seen = async (who: Awaited<ReturnType<typeof substitute>>) => {
      const ids = (await board(who)).items.map((i) => i.id);
      return { district: ids.includes(district), regional: ids.includes(regional) };
    };
    // 7 months: a district court (6) but not a regional one (18).
    expect(await seen(await traineeWith('2025-08'))).toEqual({ district: true, regional: false });
    // 19 months: both.
    const senior = await traineeWith('2024-08');
    expect(await seen(senior)).toEqual({ district: true, regional: true });
    expect((await detail(senior, regional)).statusCode).toBe(200);
    // 3 months: neither; the regional one is refused one by one too.
    const junior = await traineeWith('2025-12');
    expect(await seen(junior)).toEqual({ district: false, regional: false });
    expect((await detail(junior, regional)).json()).toMatchObject({ code: 'board.not_eligible' });
  });
});

describe('conflict check and answers', () => {
  it('shows the parties on viewing and records the view for the poster, then records the confirmation with its time', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const viewedAt = t.clock.now().toISOString();
    const res = await viewParties(s, id);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: BoardRequestDetail }).data;
    expect(data.parties?.map((x) => x.name)).toEqual(['Anna Tajna', 'Firma Sekretna sp. z o.o.']);
    expect(data.case_number).toBeNull();
    expect(data.conflict_check).toEqual({ viewed_at: viewedAt, confirmed_at: null });
    let [view] = (await mine(p)).filter((r) => r.id === id);
    expect(view?.views.map((v) => [v.substitute.profile_id, v.viewed_at, v.confirmed_at])).toEqual([
      [s.profile.id, viewedAt, null],
    ]);
    t.clock.advance(60_000);
    const confirmedAt = t.clock.now().toISOString();
    const confirmed = await confirmNoConflict(s, id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { data: BoardRequestDetail }).data).toMatchObject({
      conflict_check: { viewed_at: viewedAt, confirmed_at: confirmedAt },
      parties: [{ name: 'Anna Tajna' }, {}],
    });
    [view] = (await mine(p)).filter((r) => r.id === id);
    expect(view?.views.map((v) => [v.viewed_at, v.confirmed_at])).toEqual([[viewedAt, confirmedAt]]);
    // The board's card says the same to the substitute.
    expect((await board(s)).items.find((i) => i.id === id)?.conflict_check).toEqual({ viewed_at: viewedAt, confirmed_at: confirmedAt });
  });

  it('keeps the first viewing and the first confirmation when they are repeated', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    expect((await check(s, id)).statusCode).toBe(200);
    const first = await snapshot(id);
    t.clock.advance(5 * 60_000);
    expect((await viewParties(s, id)).statusCode).toBe(200);
    const again = await confirmNoConflict(s, id);
    expect(again.statusCode).toBe(200);
    expect(await snapshot(id)).toEqual(first);
    expect(first.checks).toHaveLength(1);
    expect(first.checks[0]?.confirmedAt).not.toBeNull();
  });

  it('refuses a confirmation before the parties were viewed, and a body without no_conflict: true; stores nothing', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const blind = await confirmNoConflict(s, id);
    expect(blind.statusCode).toBe(409);
    expect(blind.json()).toMatchObject({ code: 'board.parties_not_viewed' });
    expect((await snapshot(id)).checks).toEqual([]);
    expect((await viewParties(s, id)).statusCode).toBe(200);
    const viewed = await snapshot(id);
    const res = await confirmNoConflict(s, id, { no_conflict: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { no_conflict: 'validation.boardNoConflictRequired' } });
    expect(await snapshot(id)).toEqual(viewed);
    expect(viewed.checks[0]?.confirmedAt).toBeNull();
  });

  it('refuses an answer without the conflict check, and changes nothing', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const before = await snapshot(id);
    const res = await respond(s, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'board.conflict_check_required' });
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses an answer after the parties were viewed but no conflict was confirmed, and changes nothing', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    expect((await viewParties(s, id)).statusCode).toBe(200);
    const before = await snapshot(id);
    const res = await respond(s, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'board.conflict_check_required' });
    expect(await snapshot(id)).toEqual(before);
    // Confirmed, the same answer goes through.
    expect((await confirmNoConflict(s, id)).statusCode).toBe(200);
    expect((await respond(s, id)).statusCode).toBe(201);
  });

  it('does not count another substitute’s conflict check', async () => {
    const p = await poster();
    const id = await post(p);
    const checkedOne = await substitute();
    const other = await substitute();
    expect((await check(checkedOne, id)).statusCode).toBe(200);
    const before = await snapshot(id);
    const res = await respond(other, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'board.conflict_check_required' });
    // Nor does it let the other confirm without viewing, or see the parties.
    expect((await confirmNoConflict(other, id)).json()).toMatchObject({ code: 'board.parties_not_viewed' });
    expect((await detail(other, id)).json()).toMatchObject({ data: { parties: null, conflict_check: null } });
    expect(await snapshot(id)).toEqual(before);
  });

  it('takes one answer per substitute: a second one is a clear error', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    await answered(id, s);
    const before = await snapshot(id);
    const second = await respond(s, id, '300.00');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'board.already_answered' });
    expect(await snapshot(id)).toEqual(before);
  });

  it('requires a price when the request asks for quotes', async () => {
    const p = await poster();
    const id = await post(p, { fee_net: null });
    const s = await substitute();
    await check(s, id);
    const res = await respond(s, id, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'board.price_required', errors: { price_net: 'board.price_required' } });
    const ok = await respond(s, id, '400.00');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ data: { price_net: '400.00', agreed_net: '400.00', agreed_gross: '492.00' } });
  });

  it('lets the substitute change and withdraw the answer until the pick', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    await answered(id, s);
    const changed = await call(s.headers, 'PUT', `/api/board/requests/${id}/responses/mine`, {
      price_net: '280.00',
      message: 'Inna cena.',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ data: { price_net: '280.00', message: 'Inna cena.' } });
    const gone = await call(s.headers, 'DELETE', `/api/board/requests/${id}/responses/mine`);
    expect(gone.statusCode).toBe(200);
    expect((await snapshot(id)).responses).toEqual([]);
    const again = await call(s.headers, 'DELETE', `/api/board/requests/${id}/responses/mine`);
    expect(again.json()).toMatchObject({ code: 'board.answer_not_found' });
  });

  it('refuses an answer to one’s own request and after the deadline', async () => {
    const p = await substitute();
    const id = await post(p, { answer_deadline: at(1) });
    expect((await respond(p, id)).json()).toMatchObject({ code: 'board.own_request' });
    const s = await substitute();
    await check(s, id);
    t.clock.advance(2 * HOUR);
    try {
      const res = await respond(s, id);
      expect(res.json()).toMatchObject({ code: 'board.deadline_passed' });
    } finally {
      t.clock.advance(-2 * HOUR);
    }
  });

  it('lists the answers to the poster in arrival order, with the cards', async () => {
    const p = await poster();
    const id = await post(p, { fee_net: null });
    const first = await substitute();
    const second = await substitute();
    await answered(id, first, '500.00');
    t.clock.advance(1000);
    await answered(id, second, '100.00');
    const [view] = (await mine(p)).filter((r) => r.id === id);
    expect(view?.responses.map((r) => r.substitute.profile_id)).toEqual([first.profile.id, second.profile.id]);
    expect(view?.responses[0]?.substitute).toMatchObject({ verified: true, profession: 'adwokat', completed_count: 0, references: [] });
    expect(JSON.stringify(view)).not.toContain(first.user.email);
  });
});

describe('the pick', () => {
  it('creates the substitute’s offer for this hearing and answers where to pay', async () => {
    const p = await poster();
    const id = await post(p);
    const picked = await substitute();
    const other = await substitute();
    const pickedAnswer = await answered(id, picked);
    await answered(id, other, '260.00');
    const res = await assign(p, id, pickedAnswer);
    expect(res.statusCode, res.body).toBe(200);
    const link = (res.json() as { data: { offerUrl: string; seolink: string; payment_path: string } }).data;
    expect(link.seolink).toBe(picked.profile.seolink);
    expect(link.payment_path).toBe(`/u/${link.seolink}?o=${link.offerUrl}`);
    const row = await requestRow(id);
    expect(row).toMatchObject({ state: 'assigned', assignedResponseId: pickedAnswer });
    // Two hours to pay (the hearing is a day away).
    expect(row.payBy?.getTime()).toBe(t.clock.now().getTime() + 2 * HOUR);
    const [offer] = await t.db.select().from(offers).where(eq(offers.offerUrl, link.offerUrl));
    expect(offer).toMatchObject({
      profileId: picked.profile.id,
      status: 'active',
      netGrosze: 25_000,
      grossGrosze: 30_750,
      courtId: SR,
      courtDivision: 'II Wydział Cywilny',
      caseNumber: 'II C 123/26',
      hearingMode: 'in_person',
      party: 'Anna Tajna (powódka); Firma Sekretna sp. z o.o. (pozwana)',
    });
    // The picked one now sees everything, the other never more than before.
    expect((await detail(picked, id)).json()).toMatchObject({
      data: { assigned_to_me: true, case_number: 'II C 123/26', offer: { offerUrl: link.offerUrl } },
    });
    expect((await detail(other, id)).json()).toMatchObject({ data: { case_number: null, offer: null, assigned_to_me: false } });
    expect((await mailsTo(picked.user.email)).map((m) => m.subject)).toEqual([expect.stringContaining('została wybrana')]);
    expect((await mailsTo(other.user.email)).map((m) => m.subject)).toEqual([expect.stringContaining('innej osobie')]);
    // The poster sees the offer link and pay-by time.
    const [view] = (await mine(p)).filter((r) => r.id === id);
    expect(view).toMatchObject({ assigned_response_id: pickedAnswer, pay_by: row.payBy?.toISOString(), offer: { offerUrl: link.offerUrl } });
    // After the pick, answers no longer change.
    const late = await call(picked.headers, 'PUT', `/api/board/requests/${id}/responses/mine`, { price_net: null, message: 'x' });
    expect(late.json()).toMatchObject({ code: 'board.already_picked' });
  });

  it('refuses a pick by anyone but the poster, and a second pick', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const answerId = await answered(id, s);
    const stranger = await poster();
    const before = await snapshot(id);
    const bySubstitute = await assign(s, id, answerId);
    expect(bySubstitute.statusCode).toBe(403);
    expect(bySubstitute.json()).toMatchObject({ code: 'board.not_poster' });
    // Someone who cannot even see the request learns nothing of it.
    expect((await assign(stranger, id, answerId)).statusCode).toBe(403);
    const otherPoster = await poster();
    const otherId = await post(otherPoster);
    expect((await assign(p, otherId, answerId)).statusCode).toBe(403);
    expect((await assign(otherPoster, otherId, answerId)).json()).toMatchObject({ code: 'board.answer_not_found' });
    expect(await snapshot(id)).toEqual(before);
    expect((await assign(p, id, answerId)).statusCode).toBe(200);
    const twice = await assign(p, id, answerId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'board.invalid_transition' });
    expect(await t.db.select().from(offers).where(eq(offers.profileId, s.profile.id))).toHaveLength(1);
  });

  it('auto-assign: of 20 acceptances at the same moment exactly one takes the request', async () => {
    const p = await poster();
    const id = await post(p, { auto_assign: true });
    const subs = await Promise.all(Array.from({ length: 20 }, () => substitute()));
    for (const s of subs) expect((await check(s, id)).statusCode).toBe(200);
    const results = await Promise.all(subs.map((s) => respond(s, id)));
    // Answers that arrive once it is taken are refused; every answer in is 201, none is a 5xx.
    for (const r of results) {
      if (r.statusCode !== 201) expect(r.json()).toMatchObject({ code: 'board.not_open' });
    }
    expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    const row = await requestRow(id);
    expect(row.state).toBe('assigned');
    const winners = await t.db
      .select()
      .from(offers)
      .where(eq(offers.id, row.offerId ?? -1));
    expect(winners).toHaveLength(1);
    const responses = await t.db.select().from(boardResponses).where(eq(boardResponses.requestId, id));
    const winner = responses.find((r) => r.id === row.assignedResponseId);
    expect(winners[0]?.profileId).toBe(winner?.substituteProfileId);
    const offersOfAll = await Promise.all(
      subs.map((s) => t.db.select().from(offers).where(eq(offers.profileId, s.profile.id))),
    );
    expect(offersOfAll.flat()).toHaveLength(1);
    // The poster is told to pay, with the payment step's link.
    const [mail] = await mailsTo(p.user.email);
    expect(mail?.text).toContain(`/u/`);
  });

  it('auto-assign does not take a proposed price', async () => {
    const p = await poster();
    const id = await post(p, { auto_assign: true });
    const s = await substitute();
    await answered(id, s, '300.00');
    expect((await requestRow(id)).state).toBe('open');
  });
});

describe('cancel, clock and payment', () => {
  it('the poster cancels an open request; substitutes who answered are told', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    await answered(id, s);
    const stranger = await substitute();
    expect((await call(stranger.headers, 'DELETE', `/api/board/requests/${id}`)).statusCode).toBe(403);
    const res = await call(p.headers, 'DELETE', `/api/board/requests/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { state: 'cancelled' } });
    expect((await mailsTo(s.user.email)).map((m) => m.subject)).toEqual([expect.stringContaining('odwołane')]);
    expect((await board(s)).items.map((i) => i.id)).not.toContain(id);
    expect((await call(p.headers, 'DELETE', `/api/board/requests/${id}`)).json()).toMatchObject({
      code: 'board.invalid_transition',
    });
  });

  it('cancelling an assigned request deletes its unpaid offer', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const answerId = await answered(id, s);
    expect((await assign(p, id, answerId)).statusCode).toBe(200);
    const offerId = (await requestRow(id)).offerId;
    expect(offerId).not.toBeNull();
    expect((await call(p.headers, 'DELETE', `/api/board/requests/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(offers).where(eq(offers.id, offerId ?? -1))).toEqual([]);
    expect(await requestRow(id)).toMatchObject({ state: 'cancelled', offerId: null });
  });

  it('the clock expires open requests past their deadline', async () => {
    const p = await poster();
    const id = await post(p, { answer_deadline: at(1) });
    const s = await substitute();
    await check(s, id);
    t.clock.advance(HOUR + 1000);
    try {
      const result = await runBoardClock(t.services.board);
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect((await requestRow(id)).state).toBe('expired');
      expect((await runBoardClock(t.services.board)).expired).toBe(0);
    } finally {
      t.clock.advance(-(HOUR + 1000));
    }
  });

  it('an unpaid pick lapses after two hours: back to open, offer gone, everyone told, the poster picks again', async () => {
    const p = await poster();
    const id = await post(p, { starts_at: at(30) });
    const picked = await substitute();
    const other = await substitute();
    const pickedAnswer = await answered(id, picked);
    const otherAnswer = await answered(id, other);
    expect((await assign(p, id, pickedAnswer)).statusCode).toBe(200);
    const offerId = (await requestRow(id)).offerId;
    t.clock.advance(2 * HOUR - 1000);
    await runBoardClock(t.services.board);
    expect((await requestRow(id)).state).toBe('assigned');
    t.clock.advance(2000);
    try {
      const result = await runBoardClock(t.services.board);
      expect(result.lapsed).toBeGreaterThanOrEqual(1);
      expect(await requestRow(id)).toMatchObject({ state: 'open', assignedResponseId: null, payBy: null, offerId: null });
      expect(await t.db.select().from(offers).where(eq(offers.id, offerId ?? -1))).toEqual([]);
      expect((await mailsTo(p.user.email)).map((m) => m.subject)).toEqual([expect.stringContaining('nie została opłacona')]);
      expect((await mailsTo(picked.user.email)).map((m) => m.subject)).toContainEqual(expect.stringContaining('Wybór wygasł'));
      expect((await mailsTo(other.user.email)).map((m) => m.subject)).toContainEqual(expect.stringContaining('znów czeka'));
      const again = await assign(p, id, otherAnswer);
      expect(again.statusCode).toBe(200);
    } finally {
      t.clock.advance(-(2 * HOUR + 1000));
    }
  });

  it('an unpaid pick past the answer deadline expires instead of reopening', async () => {
    const p = await poster();
    const id = await post(p, { starts_at: at(30), answer_deadline: at(1) });
    const s = await substitute();
    const answerId = await answered(id, s);
    expect((await assign(p, id, answerId)).statusCode).toBe(200);
    t.clock.advance(2 * HOUR + 1000);
    try {
      await runBoardClock(t.services.board);
      expect(await requestRow(id)).toMatchObject({ state: 'expired', offerId: null, assignedResponseId: null });
      expect((await mailsTo(p.user.email)).at(-1)?.text).toContain('wygasło');
    } finally {
      t.clock.advance(-(2 * HOUR + 1000));
    }
  });

  it('paying the created offer makes the request paid', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const answerId = await answered(id, s);
    const link = (
      (await assign(p, id, answerId)).json() as { data: { offerUrl: string; seolink: string } }
    ).data;
    const checkout = await startPayment(send, link.seolink, link.offerUrl, p.user.email);
    await payCheckout(send, checkout);
    expect(await requestRow(id)).toMatchObject({ state: 'paid' });
    const [offer] = await t.db.select().from(offers).where(eq(offers.offerUrl, link.offerUrl));
    expect(offer?.status).toBe('payed');
    // Paid: the poster can no longer cancel.
    expect((await call(p.headers, 'DELETE', `/api/board/requests/${id}`)).statusCode).toBe(409);
  });
});

describe('reports and the administrator', () => {
  async function admin() {
    return t.seed.session({ role: 'admin' });
  }

  it('a substitute reports a request they see; a poster an answer to theirs', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const answerId = await answered(id, s);
    const reason = 'To ogłoszenie wygląda na spam.';
    const r1 = await call(s.headers, 'POST', `/api/board/requests/${id}/report`, { reason });
    expect(r1.statusCode).toBe(201);
    const r2 = await call(p.headers, 'POST', `/api/board/requests/${id}/responses/${answerId}/report`, { reason });
    expect(r2.statusCode).toBe(201);
    const outsider = await substitute({ permissions: 'radca-prawny' }, false);
    expect((await call(outsider.headers, 'POST', `/api/board/requests/${id}/report`, { reason })).statusCode).toBe(403);
    expect((await call(s.headers, 'POST', `/api/board/requests/${id}/responses/${answerId}/report`, { reason })).statusCode).toBe(403);
    const a = await admin();
    const list = await call(a.headers, 'GET', '/api/admin/board');
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { data: { items: { id: string; reports: unknown[]; poster_email: string }[] } }).data.items.find(
      (i) => i.id === id,
    );
    expect(item?.reports).toHaveLength(2);
    expect(item?.poster_email).toBe(p.user.email);
  });

  it('hides a request with a reason: the poster is mailed, substitutes no longer see it', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const a = await admin();
    expect((await call(s.headers, 'POST', `/api/admin/board/${id}/hide`, { reason: 'Niezgodne z regulaminem.' })).statusCode).toBe(403);
    const res = await call(a.headers, 'POST', `/api/admin/board/${id}/hide`, { reason: 'Niezgodne z regulaminem.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { state: 'hidden', hidden_reason: 'Niezgodne z regulaminem.' } });
    expect((await detail(s, id)).statusCode).toBe(404);
    const mails = await mailsTo(p.user.email);
    expect(mails.at(-1)?.text).toContain('Niezgodne z regulaminem.');
    const [view] = (await mine(p)).filter((r) => r.id === id);
    expect(view?.hidden_reason).toBe('Niezgodne z regulaminem.');
    expect((await call(a.headers, 'POST', `/api/admin/board/${id}/hide`, { reason: 'Jeszcze raz ukryte.' })).statusCode).toBe(409);
  });

  it('hiding an assigned request removes its unpaid offer', async () => {
    const p = await poster();
    const id = await post(p);
    const s = await substitute();
    const answerId = await answered(id, s);
    expect((await assign(p, id, answerId)).statusCode).toBe(200);
    const offerId = (await requestRow(id)).offerId;
    const a = await admin();
    expect((await call(a.headers, 'POST', `/api/admin/board/${id}/hide`, { reason: 'Naruszenie zasad tablicy.' })).statusCode).toBe(200);
    expect(await t.db.select().from(offers).where(eq(offers.id, offerId ?? -1))).toEqual([]);
    expect((await detail(s, id)).statusCode).toBe(404);
  });

  it('counts the weeks: posted, answered within 15 minutes, assigned, paid, median minutes to the first answer', async () => {
    const a = await admin();
    const res = await call(a.headers, 'GET', '/api/admin/board/stats');
    expect(res.statusCode).toBe(200);
    const weeks = (res.json() as { data: { weeks: { week_start: string; posted: number; answered_within_15_min: number }[] } }).data.weeks;
    const all = await t.db.select().from(boardRequests);
    expect(weeks.reduce((sum, w) => sum + w.posted, 0)).toBe(all.length);
    expect(weeks[0]?.week_start).toBe('2026-03-02');
    expect(weeks[0]?.answered_within_15_min).toBeGreaterThan(0);
  });
});

describe('rate limits', () => {
  it('posting is limited per client address', async () => {
    const limited = await createTestApp({ env: { BOARD_POSTS_PER_HOUR: '2' } });
    try {
      const p = await limited.seed.session();
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/board/requests',
          headers: p.headers,
          payload: postBody({ starts_at: new Date(limited.clock.now().getTime() + 24 * HOUR).toISOString() }),
          remoteAddress: '10.9.9.9',
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect(third.statusCode).toBe(429);
      const [count] = await limited.db.select().from(users).where(and(eq(users.id, p.user.id)));
      expect(count).toBeDefined();
      expect(await limited.db.select().from(boardRequests)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

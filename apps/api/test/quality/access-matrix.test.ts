import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  invoices,
  licenceCodes,
  offerPayments,
  offers,
  paymentAccounts,
  profileJobs,
  profileReferences,
  profiles,
  providerInvoiceData,
  users,
} from '../../src/db/schema.ts';
import { boardConflictChecks, boardReferences, boardRequests, boardResponses } from '../../src/db/schema/board.ts';
import { invoiceFailures } from '../../src/db/schema/invoices.ts';
import { ksefOutbox } from '../../src/db/schema/ksef.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { hearingReports } from '../../src/db/schema/disputes.ts';
import { hashToken } from '../../src/modules/app/token-crypto.ts';
import { hashLicenceCode } from '../../src/modules/licence/licence.code.ts';
import { requestExport } from '../../src/modules/my-data/my-data.export.ts';
import { myDataDepsOf } from '../../src/modules/my-data/my-data.routes.ts';
import {
  extraHeaders,
  lawyer,
  makeSend,
  offerBody,
  PASSWORD,
  payCheckout,
  randomToken,
  samplePdf,
  sandboxLink,
  startPayment,
  upload,
  uploadOptions,
  type Lawyer,
  type Send,
} from './world.ts';

/**
 * Who may do what: every route of the API, sent as an anonymous visitor, lawyer A, lawyer B and
 * an administrator against objects that belong to lawyer A. The route list comes from the app
 * itself, so a new route fails this file until it is classified below.
 */

// Every Fastify instance the app creates reports its routes here (the test cannot reach the
// instance before buildApp has registered them).
const registered = vi.hoisted(() => ({ routes: new Set<string>() }));
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.routes.add(`${method} ${route.url}`);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create, fastify: create };
});

type Actor = 'anon' | 'a' | 'b' | 'admin';

/** Issue 30: A's licence waits for the code 123456, sent at `sentAt`. */
async function awaitCode(w: World, sentAt: Date): Promise<void> {
  const [row] = await w.t.db.select().from(profiles).where(eq(profiles.id, w.a.profileId));
  if (!row) throw new Error('no profile of A');
  await w.t.db.update(profiles).set({ licenceState: 'code_sent' }).where(eq(profiles.id, w.a.profileId));
  const code = {
    profileId: w.a.profileId,
    codeHash: hashLicenceCode('123456'),
    channel: 'email' as const,
    sentTo: 'a.register@example.com',
    licenseNo: row.licenseNo,
    sentAt,
    expiresAt: new Date(sentAt.getTime() + 30 * 60_000),
    attempts: 0,
    sends: 1,
    windowStartedAt: sentAt,
  };
  await w.t.db
    .insert(licenceCodes)
    .values(code)
    .onConflictDoUpdate({ target: licenceCodes.profileId, set: code });
}
const ACTORS: Actor[] = ['anon', 'a', 'b', 'admin'];
type LinkToken = 'none' | 'foreign' | 'own';
type Build<A extends unknown[]> = (w: World, ...args: A) => InjectOptions | Promise<InjectOptions>;

type Rule =
  /** anyone; nobody gets a 5xx and an anonymous visitor succeeds */
  | { policy: 'open'; request: Build<[Actor]> }
  /**
   * sandbox conveniences (local mailbox, sandbox Google token): outside production they answer
   * only this machine, so every actor here (another address) gets 404; not registered in production
   */
  | { policy: 'dev'; request: Build<[Actor]> }
  /** proves who you are: forged proof for A's account is refused to everyone; real proof works */
  | { policy: 'credential'; forged: Build<[Actor]>; genuine?: Build<[]> }
  /** the caller's own account: 401 without a token; never A's data for anyone else */
  | { policy: 'self'; request: Build<[Actor]> }
  /** one of A's objects by id: 401 without a token, 403/404 for anyone but A */
  | { policy: 'owner'; request: Build<[Actor]> }
  /** administrator only: 401 without a token, 403 for lawyers */
  | { policy: 'admin'; request: Build<[Actor]> }
  /** a secret link: refused without its token or with another's, works with its own */
  | { policy: 'link'; request: Build<[LinkToken]> }
  /** provider webhooks: refused without a valid signature */
  | { policy: 'signed'; request: Build<[]> };

interface World {
  t: TestApp;
  send: Send;
  a: Lawyer;
  b: Lawyer;
  admin: { headers: { authorization: string }; user: { id: string } };
  /** A's offers by role in this test */
  offers: { pub: Offer; edit: Offer; del: Offer; paid: Offer; open: Offer; others: Offer[] };
  bOffer: Offer;
  /** A's sandbox links (own) and B's (foreign) */
  links: {
    onboarding: { a: string; b: string };
    dashboard: { a: string; b: string };
    checkout: { a: { sessionId: string; token: string }; b: { sessionId: string; token: string } };
    /** each lawyer's open Pro subscribe page at the sandbox (issue 34 §3) */
    subscription: { a: { id: string; token: string }; b: { id: string; token: string } };
  };
  /** A's advance invoice of the paid offer, and the cookie of the payer who paid it */
  invoice: { id: number; payerCookie: string };
  /** issue 30: failures of A's invoices to retry (one for A, one for the admin), and A's invoice KSeF refused */
  retry: { failure: number; adminFailure: number; refusedInvoice: number };
  /** set in the positive phase, once A has marked the paid job done */
  acceptToken?: string;
  /**
   * issue 23: A's done offer with a report and minutes (and its link's token), A's disputed offer;
   * issue 34: A's disputed offer A has not answered yet, and one A answered with a PDF file (and
   * its link's token)
   */
  disputes: {
    doneOfferId: number;
    token: string;
    disputedOfferId: number;
    unansweredOfferId: number;
    answeredOfferId: number;
    answeredToken: string;
  };
  photoPath: string;
  /** never in an answer to anyone but A (unless the request itself carried it) */
  secrets: string[];
  /** A's public profile data: fine on public pages, never in another user's own data */
  profileMarkers: string[];
  /**
   * Issue 32: A's board request completed by B (A may favour B and write the reference), and a
   * reference about A from B's completed request (A may publish it).
   */
  board: { aRequestId: string; bProfileId: number; referenceAboutA: string };
}
interface Offer {
  id: number;
  offerUrl: string;
}

const neutralProfile = {
  firstname: 'Ewa',
  lastname: 'Neutralna',
  phone: '+48 600 100 200',
  permissions: 'adwokat',
  licenseNo: 'WAW/Adw/9999',
  specialization: ['prawo-karne'],
  institution: 'ia-warszawa',
  description: 'Zastępstwa procesowe.',
  linkedinUrl: '',
  facebookUrl: '',
  jobs: [],
  references: [],
};
const neutralInvoice = {
  invoice_nip: '5260250274',
  invoice_company: 'Kancelaria Neutralna',
  invoice_street: 'Prosta 1',
  invoice_postcode: '00-001',
  invoice_city: 'Warszawa',
  invoice_bank_account: '',
};
const A_INVOICE = {
  invoice_nip: '9512345675',
  invoice_company: 'Kancelaria Sekretna Alfa',
  invoice_street: 'Tajna 7',
  invoice_postcode: '00-950',
  invoice_city: 'Warszawa',
  invoice_bank_account: 'PL61 1090 1014 0000 0712 1981 2874',
};
const A_PAYER = 'platnik-alfa@example.com';
/** A's KSeF token: sealed at rest, never in any answer (not even A's own, checked in invoices.test.ts) */
const A_KSEF_TOKEN = 'ksef-token-alfa-0123456789-SECRET';

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload?: object): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload ?? {},
});
const put = (url: string, payload: object): InjectOptions => ({ method: 'PUT', url, payload });
const form = (url: string, fields: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
let unique = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++unique}@example.com`;

const onboardingToken = (w: World, token: LinkToken) =>
  token === 'none' ? undefined : token === 'own' ? w.links.onboarding.a : w.links.onboarding.b;


/**
 * Issue 32: the board's objects. A's requests ask only for trainee advocates, whom nobody here
 * is, so B and the administrator may not see them; C (a third account) posts a request for legal
 * counsel that A and B may both take, for the substitute's own actions. D, an outside substitute,
 * answered A's requests.
 */
interface BoardWorld {
  view: string;
  cancel: string;
  assign: string;
  hide: string;
  /** D's answer to A's `assign` request, and to A's `view` request */
  answer: string;
  viewAnswer: string;
  /** C's request, open to legal counsel */
  forAll: string;
}
const boardWorlds = new WeakMap<World, Promise<BoardWorld>>();
function boardOf(w: World): Promise<BoardWorld> {
  const known = boardWorlds.get(w);
  if (known) return known;
  const made = makeBoardWorld(w);
  boardWorlds.set(w, made);
  return made;
}
async function makeBoardWorld(w: World): Promise<BoardWorld> {
  const { db } = w.t;
  const now = w.t.clock.now();
  const startsAt = new Date(now.getTime() + 24 * 3_600_000);
  const base = {
    courtId: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
    division: null,
    startsAt,
    mode: 'in_person' as const,
    caseType: 'civil' as const,
    task: 'Stawiennictwo na rozprawie.',
    feeNetGrosze: 20_000,
    answerDeadline: new Date(startsAt.getTime() - 2 * 3_600_000),
    caseNumber: 'I C 1/26',
    parties: [{ name: 'Strona Sekretna', role: 'powód' }],
  };
  const ofA = async () => {
    const [row] = await db
      .insert(boardRequests)
      .values({ ...base, posterUserId: w.a.user.id, professions: ['aplikant-adwokacki'] })
      .returning();
    return row!.id;
  };
  const [view, cancel, assign, hide] = [await ofA(), await ofA(), await ofA(), await ofA()];
  const d = await w.t.seed.profile({ permissions: 'aplikant-adwokacki' });
  const answerTo = async (requestId: string) => {
    const [row] = await db.insert(boardResponses).values({ requestId, substituteProfileId: d.id }).returning();
    return row!.id;
  };
  const c = await w.t.seed.user();
  const [forAll] = await db
    .insert(boardRequests)
    .values({ ...base, posterUserId: c.id, professions: ['radca-prawny', 'adwokat'] })
    .returning();
  return { view, cancel, assign, hide, answer: await answerTo(assign), viewAnswer: await answerTo(view), forAll: forAll!.id };
}
/** The actor's profile id (A's or B's); the administrator has none. */
const profileOf = (w: World, actor: Actor) => (actor === 'a' ? w.a.profileId : actor === 'b' ? w.b.profileId : null);
/** Sets the actor's conflict check (parties viewed, no conflict confirmed) on C's request, and their answer (or none). */
async function substituteState(w: World, actor: Actor, answered: boolean): Promise<string> {
  const board = await boardOf(w);
  const profileId = profileOf(w, actor);
  if (profileId === null) return board.forAll;
  const { db } = w.t;
  // A's own calls to other routes (run in order) may have changed A's licence or payouts by now;
  // the board's rightful caller is a verified substitute.
  if (actor === 'a')
    await db.update(profiles).set({ licenceState: 'verified', status: 'active' }).where(eq(profiles.id, profileId));
  await db
    .insert(boardConflictChecks)
    .values({ requestId: board.forAll, substituteProfileId: profileId, confirmedAt: new Date() })
    .onConflictDoUpdate({
      target: [boardConflictChecks.requestId, boardConflictChecks.substituteProfileId],
      set: { confirmedAt: new Date() },
    });
  const mine = and(eq(boardResponses.requestId, board.forAll), eq(boardResponses.substituteProfileId, profileId));
  if (answered) await db.insert(boardResponses).values({ requestId: board.forAll, substituteProfileId: profileId }).onConflictDoNothing();
  else await db.delete(boardResponses).where(mine);
  return board.forAll;
}
const BOARD_REASON = { reason: 'Zgłoszenie do sprawdzenia przez administratora.' };

/** The classification. Keys are `METHOD url` exactly as Fastify registers them. */
const MATRIX: Record<string, Rule> = {
  'GET /api/csrf-cookie': { policy: 'open', request: () => get('/api/csrf-cookie') },
  'GET /api/config/public': { policy: 'open', request: () => get('/api/config/public') },
  'GET /api/health': { policy: 'open', request: () => get('/api/health') },
  'GET /api/dev/mail': { policy: 'dev', request: () => get('/api/dev/mail') },
  'GET /api/dev/push': { policy: 'dev', request: () => get('/api/dev/push') },
  'GET /api/dev/clock': { policy: 'dev', request: () => get('/api/dev/clock') },
  'POST /api/dev/clock': { policy: 'dev', request: () => post('/api/dev/clock', { minutes: 1 }) },
  'GET /dev/mail': { policy: 'dev', request: () => get('/dev/mail') },
  // The Google sign-in stand-in: any address but an administrator's, only from this machine, never
  // in production (google-login.test.ts).
  'POST /api/sandbox/google/token': {
    policy: 'dev',
    request: () => post('/api/sandbox/google/token', { email: uniqueEmail('google') }),
  },
  'GET /dev/mail/:id': {
    policy: 'dev',
    request: () => get('/dev/mail/00000000-0000-0000-0000-000000000000'),
  },
  'GET /dev/mail/:id/html': {
    policy: 'dev',
    request: () => get('/dev/mail/00000000-0000-0000-0000-000000000000/html'),
  },
  'POST /api/contact': {
    policy: 'open',
    request: () =>
      post('/api/contact', {
        name: 'Jan',
        email: uniqueEmail('contact'),
        subject: 'Pytanie',
        message: 'Treść',
      }),
  },
  'POST /api/register': {
    policy: 'open',
    request: () => post('/api/register', { email: uniqueEmail('new'), password: PASSWORD, terms: true }),
  },
  'POST /api/login/forget': {
    policy: 'open',
    request: (w) => post('/api/login/forget', { email: w.a.user.email }),
  },
  'POST /api/login': {
    policy: 'credential',
    forged: (w) => post('/api/login', { email: w.a.user.email, password: 'Wrong-password-1' }),
    genuine: (w) => post('/api/login', { email: w.a.user.email, password: PASSWORD }),
  },
  // Without GOOGLE_CLIENT_ID the sandbox's tokens sign in; a forged one is refused all the same
  // (google-login.test.ts covers Google's own tokens).
  'POST /api/login/google': {
    policy: 'credential',
    forged: (w) => post('/api/login/google', { token: `forged.${w.a.user.email}.token` }),
  },
  'POST /api/login/resetpassword': {
    policy: 'credential',
    forged: (w) =>
      post('/api/login/resetpassword', {
        token: randomToken(),
        email: w.a.user.email,
        password: 'Taken-over-1',
        password_confirmation: 'Taken-over-1',
      }),
  },
  'POST /api/email/verify/:id/:hash': {
    policy: 'credential',
    forged: (w) => post(`/api/email/verify/${w.a.user.id}/${randomToken()}`),
  },
  'POST /api/logout': {
    policy: 'self',
    // Each actor ends a session of its own made for the purpose, so later cells keep theirs.
    request: async (w, actor) => ({
      ...post('/api/logout'),
      headers: actor === 'anon' ? {} : await extraHeaders(w.t, userOf(w, actor)),
    }),
  },
  'GET /api/me': { policy: 'self', request: () => get('/api/me') },
  'GET /api/user/profile': { policy: 'self', request: () => get('/api/user/profile') },
  'PUT /api/user/profile': { policy: 'self', request: () => put('/api/user/profile', neutralProfile) },
  'POST /api/user/profile/image': { policy: 'self', request: () => uploadOptions('image') },
  'POST /api/user/profile/cv': { policy: 'self', request: () => uploadOptions('cv') },
  // Issue 22: the caller's own licence.
  'POST /api/user/profile/licence/check': {
    policy: 'self',
    request: () => post('/api/user/profile/licence/check'),
  },
  'POST /api/user/profile/licence/certificate': {
    policy: 'self',
    request: () => uploadOptions('certificate'),
  },
  // Issue 30: the one-time code to the register's contact, and a new one.
  // A is given a code to type (or one sent two minutes ago) for the rightful cells only.
  'POST /api/user/profile/licence/code': {
    policy: 'self',
    request: async (w, actor) => {
      if (actor === 'a') await awaitCode(w, w.t.clock.now());
      return post('/api/user/profile/licence/code', { code: '123456' });
    },
  },
  'POST /api/user/profile/licence/code/resend': {
    policy: 'self',
    request: async (w, actor) => {
      if (actor === 'a') await awaitCode(w, new Date(w.t.clock.now().getTime() - 120_000));
      return post('/api/user/profile/licence/code/resend');
    },
  },
  'GET /api/user/profile/invoice': { policy: 'self', request: () => get('/api/user/profile/invoice') },
  'PUT /api/user/profile/invoice': {
    policy: 'self',
    request: () => put('/api/user/profile/invoice', neutralInvoice),
  },
  'POST /api/user/profile/stripe/createaccount': {
    policy: 'self',
    request: () => post('/api/user/profile/stripe/createaccount'),
  },
  'POST /api/user/profile/stripe/login': {
    policy: 'self',
    request: () => post('/api/user/profile/stripe/login'),
  },
  'POST /api/user/offer': {
    policy: 'self',
    request: (w) => post('/api/user/offer', offerBody(w.t.clock.now(), 'Nowa oferta')),
  },
  'GET /api/user/offer': { policy: 'self', request: () => get('/api/user/offer') },
  'GET /api/user/offer/:id': { policy: 'owner', request: (w) => get(`/api/user/offer/${w.offers.edit.id}`) },
  'PUT /api/user/offer/:id': {
    policy: 'owner',
    request: (w) => put(`/api/user/offer/${w.offers.edit.id}`, offerBody(w.t.clock.now(), 'Zmieniony tytuł')),
  },
  'DELETE /api/user/offer/:id': {
    policy: 'owner',
    request: (w) => ({ method: 'DELETE', url: `/api/user/offer/${w.offers.del.id}` }),
  },
  'PUT /api/user/offer/:id/done': {
    policy: 'owner',
    request: (w) => put(`/api/user/offer/${w.offers.paid.id}/done`, { outcome: 'held' }),
  },
  // Issue 23: the minutes of A's hearing report, the payer's page, dispute and minutes (the
  // acceptance link of A's done offer), the administrator's disputes.
  'GET /api/user/offer/:id/report/minutes': {
    policy: 'owner',
    request: (w) => get(`/api/user/offer/${w.disputes.doneOfferId}/report/minutes`),
  },
  'POST /api/public/offer/page': {
    policy: 'link',
    request: (w, token) =>
      post(
        '/api/public/offer/page',
        token === 'none' ? {} : { token: token === 'own' ? w.disputes.token : randomToken() },
      ),
  },
  'POST /api/public/offer/dispute': {
    policy: 'link',
    request: (w, token) =>
      post('/api/public/offer/dispute', {
        reason: 'Pełnomocnik nie przesłał raportu.',
        ...(token === 'none' ? {} : { token: token === 'own' ? w.disputes.token : randomToken() }),
      }),
  },
  'GET /api/public/offer/minutes': {
    policy: 'link',
    request: (w, token) =>
      get(
        `/api/public/offer/minutes${token === 'none' ? '' : `?t=${token === 'own' ? w.disputes.token : randomToken()}`}`,
      ),
  },
  'GET /api/admin/disputes': { policy: 'admin', request: () => get('/api/admin/disputes') },
  'POST /api/admin/disputes/:id': {
    policy: 'admin',
    request: (w) =>
      post(`/api/admin/disputes/${w.disputes.disputedOfferId}`, {
        decision: 'release',
        reason: 'Raport potwierdza wykonanie zlecenia.',
      }),
  },
  'GET /api/admin/disputes/:id/minutes': {
    policy: 'admin',
    request: (w) => get(`/api/admin/disputes/${w.disputes.doneOfferId}/minutes`),
  },
  // Issue 34: the lawyer's one answer to A's open dispute, and the file of the answer A already
  // gave on another disputed offer, for A, the administrator and the payer (its acceptance link).
  'POST /api/user/offer/:id/dispute/answer': {
    policy: 'owner',
    request: (w) =>
      post(`/api/user/offer/${w.disputes.unansweredOfferId}/dispute/answer`, {
        text: 'Stawiłem się na rozprawie o czasie; protokół to potwierdza.',
      }),
  },
  'GET /api/user/offer/:id/dispute/answer/file': {
    policy: 'owner',
    request: (w) => get(`/api/user/offer/${w.disputes.answeredOfferId}/dispute/answer/file`),
  },
  'GET /api/admin/disputes/:id/answer-file': {
    policy: 'admin',
    request: (w) => get(`/api/admin/disputes/${w.disputes.answeredOfferId}/answer-file`),
  },
  'GET /api/public/offer/dispute/answer-file': {
    policy: 'link',
    request: (w, token) =>
      get(
        `/api/public/offer/dispute/answer-file${token === 'none' ? '' : `?t=${token === 'own' ? w.disputes.answeredToken : randomToken()}`}`,
      ),
  },
  'GET /api/user/calendar-feed': { policy: 'self', request: () => get('/api/user/calendar-feed') },
  'POST /api/user/calendar-feed': { policy: 'self', request: () => post('/api/user/calendar-feed') },
  'DELETE /api/user/calendar-feed': {
    policy: 'self',
    request: () => ({ method: 'DELETE', url: '/api/user/calendar-feed' }),
  },
  // Issue 32, the board's people: the caller's own favourites and references (their refusals for
  // another user's ids are in modules/board/people/people.test.ts).
  'PUT /api/user/board/favourites/:profileId': {
    policy: 'owner',
    request: (w) => ({ method: 'PUT', url: `/api/user/board/favourites/${w.board.bProfileId}` }),
  },
  'DELETE /api/user/board/favourites/:profileId': {
    policy: 'self',
    request: (w) => ({ method: 'DELETE', url: `/api/user/board/favourites/${w.a.profileId}` }),
  },
  'POST /api/user/board/requests/:id/reference': {
    policy: 'owner',
    request: (w) => post(`/api/user/board/requests/${w.board.aRequestId}/reference`, { text: 'Polecam.' }),
  },
  'GET /api/user/board/references': { policy: 'self', request: () => get('/api/user/board/references') },
  'PUT /api/user/board/references/:id': {
    policy: 'owner',
    request: (w) => put(`/api/user/board/references/${w.board.referenceAboutA}`, { published: true }),
  },
  // The feed's address is its only credential (hearing.test.ts reads a genuine one).
  'GET /api/calendar/:file': {
    policy: 'credential',
    forged: () => get(`/api/calendar/${randomToken()}.ics`),
  },
  'POST /api/public/nip': { policy: 'open', request: () => post('/api/public/nip', { nip: '7792364275' }) },
  'GET /api/public/profile/:seolink': {
    policy: 'open',
    request: (w) => get(`/api/public/profile/${w.a.seolink}?offerUrl=${w.offers.pub.offerUrl}`),
  },
  // The client pays on the lawyer's public page: anyone holding the offer link may.
  'POST /api/public/profile/:seolink/payment/:offerUrl': {
    policy: 'open',
    request: (w, actor) =>
      post(`/api/public/profile/${w.a.seolink}/payment/${w.offers.pub.offerUrl}`, {
        nip: '7792364275',
        company: 'Kancelaria Klienta',
        street: 'Święty Marcin 29/8',
        postCode: '61-806',
        city: 'Poznań',
        email: `klient-${actor}@example.com`,
        policyConfirm: true,
      }),
  },
  'POST /api/public/offer/accept': {
    policy: 'link',
    request: (w, token) =>
      post(
        '/api/public/offer/accept',
        token === 'none' ? {} : { token: token === 'own' ? w.acceptToken : randomToken() },
      ),
  },
  // Following the mailed link only redirects to the page whose button confirms (a GET changes nothing).
  'GET /offer/accept/:token': { policy: 'open', request: () => get(`/offer/accept/${randomToken()}`) },
  'GET /pl/offer/accept/:token': { policy: 'open', request: () => get(`/pl/offer/accept/${randomToken()}`) },
  'GET /en/offer/accept/:token': { policy: 'open', request: () => get(`/en/offer/accept/${randomToken()}`) },
  'GET /sitemap.xml': { policy: 'open', request: () => get('/sitemap.xml') },
  'GET /robots.txt': { policy: 'open', request: () => get('/robots.txt') },
  // Uploaded photos and CVs are shown on the public page; their keys are unguessable.
  'GET /storage/*': { policy: 'open', request: (w) => get(w.photoPath) },
  // The web app's pages (this test app has no web build, so a 404 with the JSON error shape).
  'GET /*': { policy: 'open', request: () => get('/o-nas') },
  'GET /sandbox/payments/onboarding/:accountId': {
    policy: 'link',
    request: (w, token) => {
      const value = onboardingToken(w, token);
      return get(`/sandbox/payments/onboarding/${w.a.accountId}${value ? `?token=${value}` : ''}`);
    },
  },
  'POST /sandbox/payments/onboarding/:accountId': {
    policy: 'link',
    request: (w, token) =>
      form(`/sandbox/payments/onboarding/${w.a.accountId}`, {
        ...(token === 'none' ? {} : { token: onboardingToken(w, token) ?? '' }),
        action: 'complete',
      }),
  },
  'GET /sandbox/payments/dashboard/:accountId': {
    policy: 'link',
    request: (w, token) => {
      const value =
        token === 'none' ? '' : `?token=${token === 'own' ? w.links.dashboard.a : w.links.dashboard.b}`;
      return get(`/sandbox/payments/dashboard/${w.a.accountId}${value}`);
    },
  },
  'GET /sandbox/payments/checkout/:sessionId': {
    policy: 'link',
    request: (w, token) => {
      const { a, b } = w.links.checkout;
      const value = token === 'none' ? '' : `?token=${token === 'own' ? a.token : b.token}`;
      return get(`/sandbox/payments/checkout/${a.sessionId}${value}`);
    },
  },
  'POST /sandbox/payments/checkout/:sessionId': {
    policy: 'link',
    request: (w, token) => {
      const { a, b } = w.links.checkout;
      return form(`/sandbox/payments/checkout/${a.sessionId}`, {
        ...(token === 'none' ? {} : { token: token === 'own' ? a.token : b.token }),
        action: 'pay',
        method: 'blik',
      });
    },
  },
  'GET /sandbox/payments/subscription/:subscriptionId': {
    policy: 'link',
    request: (w, token) => {
      const { a, b } = w.links.subscription;
      const value = token === 'none' ? '' : `?token=${token === 'own' ? a.token : b.token}`;
      return get(`/sandbox/payments/subscription/${a.id}${value}`);
    },
  },
  'POST /sandbox/payments/subscription/:subscriptionId': {
    policy: 'link',
    request: (w, token) => {
      const { a, b } = w.links.subscription;
      // 'cancel' leaves the page without subscribing, so the matrix changes no plan.
      return form(`/sandbox/payments/subscription/${a.id}`, {
        ...(token === 'none' ? {} : { token: token === 'own' ? a.token : b.token }),
        action: 'cancel',
      });
    },
  },
  // The lawyer's plan (issue 34 §3).
  'GET /api/user/plan': { policy: 'self', request: () => get('/api/user/plan') },
  'POST /api/user/plan/subscribe': { policy: 'self', request: () => post('/api/user/plan/subscribe') },
  'POST /api/user/plan/cancel': { policy: 'self', request: () => post('/api/user/plan/cancel') },
  'GET /api/user/invoice-settings': { policy: 'self', request: () => get('/api/user/invoice-settings') },
  'PUT /api/user/invoice-settings': {
    policy: 'self',
    request: () => put('/api/user/invoice-settings', { mode: 'prepare', number_pattern: 'FV/{nr}/{rok}' }),
  },
  'GET /api/user/invoices': { policy: 'self', request: () => get('/api/user/invoices') },
  'GET /api/user/invoice-failures': { policy: 'self', request: () => get('/api/user/invoice-failures') },
  'POST /api/user/invoice-failures/:id/retry': {
    policy: 'owner',
    request: (w) => post(`/api/user/invoice-failures/${w.retry.failure}/retry`),
  },
  'POST /api/user/invoices/:id/retry': {
    policy: 'owner',
    request: (w) => post(`/api/user/invoices/${w.retry.refusedInvoice}/retry`),
  },
  'GET /api/admin/invoice-problems': { policy: 'admin', request: () => get('/api/admin/invoice-problems') },
  'POST /api/admin/invoice-failures/:id/retry': {
    policy: 'admin',
    request: (w) => post(`/api/admin/invoice-failures/${w.retry.adminFailure}/retry`),
  },
  'POST /api/admin/invoices/:id/retry': {
    policy: 'admin',
    request: (w) => post(`/api/admin/invoices/${w.retry.refusedInvoice}/retry`),
  },
  'GET /api/user/invoices/:id/xml': {
    policy: 'owner',
    request: (w) => get(`/api/user/invoices/${w.invoice.id}/xml`),
  },
  'GET /api/user/invoices/:id/pdf': {
    policy: 'owner',
    request: (w) => get(`/api/user/invoices/${w.invoice.id}/pdf`),
  },
  // The payer's copy: only the browser holding the payer cookie of the paid checkout (decision 013).
  'GET /api/public/profile/:seolink/payment/:offerUrl/invoice': {
    policy: 'link',
    request: (w, token) => ({
      ...get(`/api/public/profile/${w.a.seolink}/payment/${w.offers.paid.offerUrl}/invoice`),
      ...(token === 'none'
        ? {}
        : { cookies: { substytut_payer: token === 'own' ? w.invoice.payerCookie : randomToken() } }),
    }),
  },
  // The substitution document (decision 021): the owner from the offer card, the payer's browser
  // from the success page, anyone holding the mail's secret link (its address is its credential).
  'GET /api/user/offer/:id/substitution-document': {
    policy: 'owner',
    request: (w) => get(`/api/user/offer/${w.offers.paid.id}/substitution-document`),
  },
  'GET /api/public/profile/:seolink/payment/:offerUrl/document/status': {
    policy: 'link',
    request: (w, token) => ({
      ...get(`/api/public/profile/${w.a.seolink}/payment/${w.offers.paid.offerUrl}/document/status`),
      ...(token === 'none'
        ? {}
        : { cookies: { substytut_payer: token === 'own' ? w.invoice.payerCookie : randomToken() } }),
    }),
  },
  'GET /api/public/profile/:seolink/payment/:offerUrl/document': {
    policy: 'link',
    request: (w, token) => ({
      ...get(`/api/public/profile/${w.a.seolink}/payment/${w.offers.paid.offerUrl}/document`),
      ...(token === 'none'
        ? {}
        : { cookies: { substytut_payer: token === 'own' ? w.invoice.payerCookie : randomToken() } }),
    }),
  },
  'GET /api/public/substitution-document/:token': {
    policy: 'credential',
    forged: () => get(`/api/public/substitution-document/${randomToken()}`),
  },
  // Issue 34: the invoice mail's lasting link; only its secret opens it.
  'GET /api/public/invoices/:token/:file': {
    policy: 'credential',
    forged: () => get(`/api/public/invoices/${randomToken()}/xml`),
  },
  // Issue 34: the lawyer's own invoices as a ZIP, offered before the account is deleted.
  'GET /api/me/invoice-archive': { policy: 'self', request: () => get('/api/me/invoice-archive') },
  // Registered only when Stripe is configured (checked with a second app below).
  'POST /api/webhooks/stripe': { policy: 'signed', request: () => webhook('/api/webhooks/stripe') },
  'POST /api/webhooks/stripe/connect': {
    policy: 'signed',
    request: () => webhook('/api/webhooks/stripe/connect'),
  },
  // Issue 32: the substitution board.
  'POST /api/board/requests': {
    policy: 'self',
    request: (w) =>
      post('/api/board/requests', {
        court_id: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
        starts_at: new Date(w.t.clock.now().getTime() + 30 * 3_600_000).toISOString(),
        mode: 'remote',
        case_type: 'civil',
        task: 'Rozprawa.',
        professions: ['aplikant-adwokacki'],
        fee_net: '100.00',
        case_number: null,
        parties: [{ name: 'Ktoś', role: 'powód' }],
      }),
  },
  'GET /api/board/requests': { policy: 'self', request: () => get('/api/board/requests') },
  'GET /api/board/requests/:id': { policy: 'owner', request: async (w) => get(`/api/board/requests/${(await boardOf(w)).view}`) },
  'DELETE /api/board/requests/:id': {
    policy: 'owner',
    request: async (w) => ({ method: 'DELETE', url: `/api/board/requests/${(await boardOf(w)).cancel}` }),
  },
  'POST /api/board/requests/:id/assign': {
    policy: 'owner',
    request: async (w) => {
      const board = await boardOf(w);
      return post(`/api/board/requests/${board.assign}/assign`, { responseId: board.answer });
    },
  },
  'POST /api/board/requests/:id/responses/:responseId/report': {
    policy: 'owner',
    request: async (w) => {
      const board = await boardOf(w);
      return post(`/api/board/requests/${board.view}/responses/${board.viewAnswer}/report`, BOARD_REASON);
    },
  },
  // The conflict check's two steps: the parties viewed, then (after a viewing) no conflict confirmed.
  'POST /api/board/requests/:id/conflict-check/view': {
    policy: 'self',
    request: async (w) => post(`/api/board/requests/${(await boardOf(w)).forAll}/conflict-check/view`),
  },
  'POST /api/board/requests/:id/conflict-check': {
    policy: 'self',
    request: async (w, actor) =>
      post(`/api/board/requests/${await substituteState(w, actor, false)}/conflict-check`, { no_conflict: true }),
  },
  'POST /api/board/requests/:id/responses': {
    policy: 'self',
    request: async (w, actor) =>
      post(`/api/board/requests/${await substituteState(w, actor, false)}/responses`, { price_net: null, message: '' }),
  },
  'PUT /api/board/requests/:id/responses/mine': {
    policy: 'self',
    request: async (w, actor) =>
      put(`/api/board/requests/${await substituteState(w, actor, true)}/responses/mine`, { price_net: '210.00', message: 'Tak.' }),
  },
  'DELETE /api/board/requests/:id/responses/mine': {
    policy: 'self',
    request: async (w, actor) => ({
      method: 'DELETE',
      url: `/api/board/requests/${await substituteState(w, actor, true)}/responses/mine`,
    }),
  },
  'POST /api/board/requests/:id/report': {
    policy: 'self',
    request: async (w) => post(`/api/board/requests/${(await boardOf(w)).forAll}/report`, BOARD_REASON),
  },
  'GET /api/user/board/requests': { policy: 'self', request: () => get('/api/user/board/requests') },
  'GET /api/admin/board': { policy: 'admin', request: () => get('/api/admin/board') },
  'GET /api/admin/board/stats': { policy: 'admin', request: () => get('/api/admin/board/stats') },
  'POST /api/admin/board/:id/hide': {
    policy: 'admin',
    request: async (w) => post(`/api/admin/board/${(await boardOf(w)).hide}/hide`, BOARD_REASON),
  },
  'GET /api/admin/profile': { policy: 'admin', request: () => get('/api/admin/profile') },
  'GET /api/admin/offer': { policy: 'admin', request: () => get('/api/admin/offer') },
  'GET /api/admin/summary': { policy: 'admin', request: () => get('/api/admin/summary') },
  'GET /api/admin/licence-reviews': { policy: 'admin', request: () => get('/api/admin/licence-reviews') },
  // A's certificate, sent in beforeAll.
  'GET /api/admin/licence-reviews/:profileId/certificate': {
    policy: 'admin',
    request: (w) => get(`/api/admin/licence-reviews/${w.a.profileId}/certificate`),
  },
  'POST /api/admin/licence-reviews/:profileId': {
    policy: 'admin',
    // A throwaway profile in review per cell, so the administrator's decision changes nobody in the world.
    request: async (w) => {
      // Issue 30: a person approves only from a certificate.
      const p = await w.t.seed.profile({
        active: false,
        licenceState: 'manual_review',
        licenceCertificateKey: 'private/licence/matrix.pdf',
      });
      return post(`/api/admin/licence-reviews/${p.id}`, { decision: 'approve' });
    },
  },
  // My data (GDPR): each actor's own export and deletion check; nobody else's.
  'GET /api/me/data-export': { policy: 'self', request: () => get('/api/me/data-export') },
  'POST /api/me/data-export': { policy: 'self', request: () => post('/api/me/data-export') },
  'GET /api/me/data-export/file': {
    policy: 'self',
    // A's export is made (and finished) before A asks for the file; the others have none (410).
    request: async (w, actor) => {
      if (actor === 'a') {
        const [user] = await w.t.db.select().from(users).where(eq(users.id, w.a.user.id));
        await requestExport(myDataDepsOf(w.t.app), user!);
        await w.t.app.background.idle();
      }
      return get('/api/me/data-export/file');
    },
  },
  'GET /api/me/deletion': { policy: 'self', request: () => get('/api/me/deletion') },
  // Opening the mailed link (a scanner, a preview) only sends the browser to the page with the button.
  'GET /api/data-export/:token': { policy: 'open', request: () => get(`/api/data-export/${randomToken()}`) },
  // The page's button: the mailed one-time token is the only credential; an invented one opens nothing.
  'POST /api/data-export/:token': {
    policy: 'credential',
    forged: () => post(`/api/data-export/${randomToken()}`),
  },
  // Deleting one's account needs the password again: a wrong one is refused to everyone.
  'POST /api/me/delete': {
    policy: 'credential',
    forged: () => post('/api/me/delete', { password: 'Wrong-password-1' }),
  },
  'DELETE /api/admin/users/:id': {
    policy: 'admin',
    // A throwaway account per cell, so the administrator's success deletes nobody in the world.
    request: async (w) => ({ method: 'DELETE', url: `/api/admin/users/${(await w.t.seed.user()).id}` }),
  },
  'POST /api/data-requests': {
    policy: 'open',
    request: () => post('/api/data-requests', { email: A_PAYER, kind: 'export' }),
  },
  // Issue 32, alerts: the caller's own settings and browsers.
  'GET /api/user/alerts': { policy: 'self', request: () => get('/api/user/alerts') },
  'PUT /api/user/alerts': {
    policy: 'self',
    request: () =>
      put('/api/user/alerts', {
        court_ids: [],
        area_court_ids: ['sad-okregowy-w-warszawie'],
        cities: ['Warszawa'],
        case_types: [],
        min_fee_net: null,
        channels: { email: true, push: false, digest: false },
        quiet_hours: null,
      }),
  },
  'GET /api/user/push-subscriptions/key': {
    policy: 'self',
    request: () => get('/api/user/push-subscriptions/key'),
  },
  'POST /api/user/push-subscriptions': {
    policy: 'self',
    request: (_w, actor) =>
      post('/api/user/push-subscriptions', {
        endpoint: `https://push.example.test/${actor}/${++unique}`,
        keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' },
      }),
  },
  'DELETE /api/user/push-subscriptions': {
    policy: 'self',
    request: (_w, actor) => ({
      method: 'DELETE',
      url: '/api/user/push-subscriptions',
      payload: { endpoint: `https://push.example.test/${actor}/gone` },
    }),
  },
  // The live board's event stream: HEAD, which answers its headers and ends (inject waits for the end).
  'GET /api/board/events': { policy: 'self', request: () => ({ method: 'HEAD', url: '/api/board/events' }) },
  'POST /api/data-requests/confirm': {
    policy: 'credential',
    forged: () => post('/api/data-requests/confirm', { token: randomToken() }),
  },
};

/** Routes only some configurations register; a stale key elsewhere fails the coverage test. */
const CONDITIONAL = new Set(['POST /api/webhooks/stripe', 'POST /api/webhooks/stripe/connect']);

function webhook(url: string): InjectOptions {
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
    payload: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
  };
}

function userOf(w: World, actor: Exclude<Actor, 'anon'>): string {
  return actor === 'a' ? w.a.user.id : actor === 'b' ? w.b.user.id : w.admin.user.id;
}

function headersOf(w: World, actor: Actor): Record<string, string> {
  if (actor === 'a') return w.a.headers;
  if (actor === 'b') return w.b.headers;
  if (actor === 'admin') return w.admin.headers;
  return {};
}

interface Cell {
  route: string;
  actor: Actor;
  variant?: string;
  request: InjectOptions;
  response: LightMyRequestResponse;
}

async function send(
  w: World,
  route: string,
  actor: Actor,
  options: InjectOptions,
  variant?: string,
): Promise<Cell> {
  const request = { ...options, headers: { ...headersOf(w, actor), ...(options.headers as object) } };
  return { route, actor, variant, request, response: await w.send(request) };
}

const label = (c: Cell) => `${c.route} as ${c.actor}${c.variant ? ` (${c.variant})` : ''}`;
const describeCell = (c: Cell) => `${label(c)} -> ${c.response.statusCode} ${c.response.body.slice(0, 160)}`;
const succeeded = (c: Cell) => c.response.statusCode < 400;
const denied = (c: Cell) =>
  c.response.statusCode >= 400 && c.response.statusCode < 500 && c.response.statusCode !== 429;

/** Markers of `list` in the answer that the request did not carry itself. */
function leaked(c: Cell, list: string[]): string[] {
  const sent = `${c.request.url} ${typeof c.request.payload === 'string' ? c.request.payload : JSON.stringify(c.request.payload ?? '')}`;
  return list.filter((marker) => c.response.body.includes(marker) && !sent.includes(marker));
}

/** A's rows in every table that holds something of A's, hashed. */
async function snapshotOfA(w: World): Promise<Record<string, string>> {
  const { db } = w.t;
  const profileId = w.a.profileId;
  const offerRows = await db.select().from(offers).where(eq(offers.profileId, profileId)).orderBy(offers.id);
  const offerIds = offerRows.map((o) => o.id);
  const parts: Record<string, unknown> = {
    user: await db.select().from(users).where(eq(users.id, w.a.user.id)),
    profile: await db.select().from(profiles).where(eq(profiles.id, profileId)),
    jobs: await db
      .select()
      .from(profileJobs)
      .where(eq(profileJobs.profileId, profileId))
      .orderBy(profileJobs.id),
    references: await db
      .select()
      .from(profileReferences)
      .where(eq(profileReferences.profileId, profileId))
      .orderBy(profileReferences.id),
    invoice: await db.select().from(providerInvoiceData).where(eq(providerInvoiceData.userId, w.a.user.id)),
    boardRequests: await db
      .select()
      .from(boardRequests)
      .where(eq(boardRequests.posterUserId, w.a.user.id))
      .orderBy(boardRequests.id),
    account: await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, w.a.user.id)),
    offers: offerRows,
    payments: offerIds.length
      ? await db
          .select()
          .from(offerPayments)
          .where(inArray(offerPayments.offerId, offerIds))
          .orderBy(offerPayments.id)
      : [],
    invoices: offerIds.length
      ? await db.select().from(invoices).where(inArray(invoices.offerId, offerIds)).orderBy(invoices.id)
      : [],
  };
  return Object.fromEntries(
    Object.entries(parts).map(([table, rows]) => [
      table,
      createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16),
    ]),
  );
}

let sandboxApp: TestApp;
let sandboxRoutes: string[];
let w: World;

const routeList = () =>
  [...registered.routes].filter((r) => !r.startsWith('HEAD ')).sort((x, y) => x.localeCompare(y));

beforeAll(async () => {
  registered.routes.clear();
  sandboxApp = await createTestApp();
  sandboxRoutes = routeList();
  const t = sandboxApp;
  const sendAny = await makeSend(t);

  const a = await lawyer(t, { lastname: 'Alfowski', licenseNo: 'WAW/Adw/ALFA-7' });
  const b = await lawyer(t, { lastname: 'Betowski' });
  const admin = await t.seed.session({ role: 'admin' });

  for (const kind of ['image', 'cv', 'certificate'] as const) {
    const response = await upload(sendAny, a.headers, kind);
    expect(response.statusCode, response.body).toBe(200);
  }
  const invoice = await sendAny({ ...put('/api/user/profile/invoice', A_INVOICE), headers: a.headers });
  expect(invoice.statusCode, invoice.body).toBe(200);
  const invoicing = await sendAny({
    ...put('/api/user/invoice-settings', { mode: 'issue', number_pattern: 'ALFA/{nr}/{rok}', ksef_token: A_KSEF_TOKEN }),
    headers: a.headers,
  });
  expect(invoicing.statusCode, invoicing.body).toBe(200);
  const [profileRow] = await t.db.select().from(profiles).where(eq(profiles.id, a.profileId));
  if (!profileRow?.imageKey) throw new Error('the photo was not stored');

  const make = (status: Parameters<TestApp['seed']['offer']>[0]['status'] = 'active') =>
    t.seed.offer({ profileId: a.profileId, status });
  const [pub, edit, del, paid, open] = [await make(), await make(), await make(), await make(), await make()];
  const others = [await make('done'), await make('accepted'), await make('archive'), await make('expired')];
  const bOffer = await t.seed.offer({ profileId: b.profileId });

  // Issue 23: a hearing report with minutes on A's done offer, whose acceptance link is known
  // here, and a disputed offer of A's paid through the sandbox, for the administrator to resolve.
  const disputeToken = randomToken();
  const doneOffer = others[0]!;
  await t.db
    .update(offers)
    .set({ acceptanceTokenHash: hashToken(disputeToken) })
    .where(eq(offers.id, doneOffer.id));
  const minutesKey = 'private/minutes/access-matrix.pdf';
  await t.app.storage.put(minutesKey, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  await t.db.insert(hearingReports).values({ offerId: doneOffer.id, outcome: 'held', minutesKey });
  const disputed = await make();
  await payCheckout(sendAny, await startPayment(sendAny, a.seolink, disputed.offerUrl, A_PAYER));
  await t.db
    .update(offers)
    .set({ status: 'disputed', disputedAt: t.clock.now() })
    .where(eq(offers.id, disputed.id));
  // Issue 34: a disputed offer of A's still waiting for A's answer, and one A answered with a PDF
  // file, whose acceptance link is known here.
  const unanswered = await make();
  const answered = await make();
  const answeredToken = randomToken();
  const answerFileKey = 'private/dispute-answers/access-matrix.pdf';
  await t.app.storage.put(answerFileKey, samplePdf, 'application/pdf');
  await t.db
    .update(offers)
    .set({
      status: 'disputed',
      disputedAt: t.clock.now(),
      disputeReason: 'Pełnomocnik nie przesłał raportu.',
    })
    .where(inArray(offers.id, [unanswered.id, answered.id]));
  await t.db
    .update(offers)
    .set({
      acceptanceTokenHash: hashToken(answeredToken),
      disputeAnswer: 'Stawiłem się na rozprawie; protokół w załączniku.',
      disputeAnsweredAt: t.clock.now(),
      disputeAnswerFileKey: answerFileKey,
    })
    .where(eq(offers.id, answered.id));

  // A real payment of A's `paid` offer, and an open checkout of `open` (A's) and of B's offer.
  const paidCheckout = await startPayment(sendAny, a.seolink, paid.offerUrl, A_PAYER);
  await payCheckout(sendAny, paidCheckout);
  const [advance] = await t.db.select().from(invoices).where(eq(invoices.offerId, paid.id));
  if (!advance) throw new Error('no advance invoice of the paid offer');
  // Issue 30: two recorded failures of invoices A's offers already have (a retry finds them made),
  // and A's disputed offer's invoice refused by KSeF.
  const [doneInvoice] = await t.db.select().from(invoices).where(eq(invoices.offerId, paid.id));
  const [refused] = await t.db.select().from(invoices).where(eq(invoices.offerId, disputed.id));
  if (!doneInvoice?.paymentId || !refused?.paymentId) throw new Error('no advance invoices to retry');
  const failed = await t.db
    .insert(invoiceFailures)
    .values([
      { offerId: paid.id, kind: 'ZAL', paymentId: doneInvoice.paymentId, reason: 'schema_invalid' },
      { offerId: disputed.id, kind: 'ZAL', paymentId: refused.paymentId, reason: 'no_invoice_data' },
    ])
    .returning({ id: invoiceFailures.id });
  await t.db
    .update(invoices)
    .set({ mode: 'issue', ksefStatus: 'rejected', ksefErrorCode: 450, ksefError: '450 Błąd weryfikacji' })
    .where(eq(invoices.id, refused.id));
  await t.db
    .insert(ksefOutbox)
    .values({ invoiceId: refused.id, state: 'done' })
    .onConflictDoUpdate({ target: ksefOutbox.invoiceId, set: { state: 'done' } });
  const checkoutA = await startPayment(sendAny, a.seolink, open.offerUrl, A_PAYER);
  const checkoutB = await startPayment(sendAny, b.seolink, bOffer.offerUrl, 'platnik-beta@example.com');

  // Issue 32: a job from the board each way, both completed.
  const boardJob = async (posterUserId: string, substituteProfileId: number) => {
    const offer = await t.seed.offer({ profileId: substituteProfileId, status: 'accepted' });
    const startsAt = new Date(t.clock.now().getTime() - 86_400_000);
    const [request] = await t.db
      .insert(boardRequests)
      .values({
        posterUserId,
        state: 'paid',
        courtId: 'sad-rejonowy-dla-warszawy-srodmiescia-w-warszawie',
        startsAt,
        mode: 'in_person',
        caseType: 'civil',
        task: 'Stawiennictwo.',
        professions: ['adwokat'],
        feeNetGrosze: 20_000,
        answerDeadline: startsAt,
        parties: [{ name: 'Strona', role: 'powód' }],
        offerId: offer.id,
        paidAt: startsAt,
      })
      .returning();
    return request!;
  };
  const aRequest = await boardJob(a.user.id, b.profileId);
  const bRequest = await boardJob(b.user.id, a.profileId);
  const [referenceAboutA] = await t.db
    .insert(boardReferences)
    .values({ requestId: bRequest.id, substituteProfileId: a.profileId, text: 'Polecam A.', jobMonth: '2026-11' })
    .returning();

  w = {
    t,
    send: sendAny,
    a,
    b,
    admin: { headers: admin.headers, user: admin.user },
    offers: { pub, edit, del, paid, open, others },
    bOffer,
    disputes: {
      doneOfferId: doneOffer.id,
      token: disputeToken,
      disputedOfferId: disputed.id,
      unansweredOfferId: unanswered.id,
      answeredOfferId: answered.id,
      answeredToken,
    },
    links: {
      onboarding: {
        a: (await sandboxLink(sendAny, a.headers, 'createaccount')).token,
        b: (await sandboxLink(sendAny, b.headers, 'createaccount')).token,
      },
      dashboard: {
        a: (await sandboxLink(sendAny, a.headers, 'login')).token,
        b: (await sandboxLink(sendAny, b.headers, 'login')).token,
      },
      checkout: { a: checkoutA, b: checkoutB },
      subscription: {
        a: await subscriptionLink(sendAny, a.headers),
        b: await subscriptionLink(sendAny, b.headers),
      },
    },
    invoice: { id: advance.id, payerCookie: paidCheckout.payerCookie },
    retry: { failure: failed[0]!.id, adminFailure: failed[1]!.id, refusedInvoice: refused.id },
    photoPath: `/storage/${profileRow.imageKey}`,
    secrets: [
      a.token,
      A_KSEF_TOKEN,
      A_PAYER,
      A_INVOICE.invoice_company,
      A_INVOICE.invoice_nip,
      'PL61109010140000071219812874',
      a.accountId,
      ...[edit, del, paid, open, ...others].map((o) => o.offerUrl),
    ],
    // The public page shows the lawyer's e-mail address (spec 2).
    profileMarkers: ['Alfowski', 'WAW/Adw/ALFA-7', a.user.email],
    board: { aRequestId: aRequest.id, bProfileId: b.profileId, referenceAboutA: referenceAboutA!.id },
  };
  await boardOf(w);
}, 180_000);

afterAll(async () => {
  await sandboxApp?.close();
});

describe('access matrix', () => {
  it('classifies every route the app registers', () => {
    const missing = sandboxRoutes.filter((route) => !route.startsWith('HEAD ') && !(route in MATRIX));
    expect(missing, 'routes without a row in MATRIX').toEqual([]);
    // Admin routes may still be moving; every other row must match a real route.
    const stale = Object.keys(MATRIX).filter(
      (route) => !sandboxRoutes.includes(route) && !CONDITIONAL.has(route) && !route.includes('/api/admin/'),
    );
    expect(stale, 'rows of MATRIX that match no route').toEqual([]);
  });

  it('refuses every cell that must not succeed, and leaves A’s data untouched', async () => {
    const failures: string[] = [];
    const routes = sandboxRoutes.filter((route) => route in MATRIX);
    const rules = routes.map((route) => [route, MATRIX[route]!] as const);
    const others: Actor[] = ['anon', 'b', 'admin'];

    // 1. Open routes and proofs of identity. Some change A's rows on purpose (a client starts a
    //    payment; a wrong password counts towards the lockout), so they run before the snapshot.
    for (const [route, rule] of rules) {
      if (rule.policy === 'open' || rule.policy === 'dev') {
        for (const actor of ACTORS) {
          const c = await send(w, route, actor, await rule.request(w, actor));
          if (c.response.statusCode >= 500) failures.push(`5xx: ${describeCell(c)}`);
          if (
            actor === 'anon' &&
            c.response.statusCode >= 400 &&
            route !== 'GET /*' &&
            rule.policy === 'open'
          )
            failures.push(`open route refused: ${describeCell(c)}`);
          if (rule.policy === 'dev' && c.response.statusCode !== 404)
            failures.push(`sandbox convenience answered another machine: ${describeCell(c)}`);
          if (rule.policy === 'open' && actor !== 'a') {
            for (const marker of leaked(c, w.secrets)) failures.push(`leaks ${marker}: ${label(c)}`);
          }
        }
      }
      if (rule.policy === 'credential') {
        for (const actor of ACTORS) {
          const c = await send(w, route, actor, await rule.forged(w, actor), 'forged');
          if (!denied(c)) failures.push(`forged proof not refused: ${describeCell(c)}`);
          for (const marker of leaked(c, w.secrets)) failures.push(`leaks ${marker}: ${label(c)}`);
        }
        if (rule.genuine) {
          const c = await send(w, route, 'anon', await rule.genuine(w), 'genuine');
          if (!succeeded(c)) failures.push(`genuine proof refused: ${describeCell(c)}`);
        }
      }
    }

    // 2. Everything that must be refused, and others' own-account calls, against a snapshot of A.
    const before = await snapshotOfA(w);
    for (const [route, rule] of rules) {
      switch (rule.policy) {
        case 'self':
          for (const actor of others) {
            const c = await send(w, route, actor, await rule.request(w, actor));
            if (actor === 'anon' && c.response.statusCode !== 401)
              failures.push(`expected 401: ${describeCell(c)}`);
            if (c.response.statusCode >= 500) failures.push(`5xx: ${describeCell(c)}`);
            for (const marker of leaked(c, [...w.secrets, ...w.profileMarkers]))
              failures.push(`leaks ${marker}: ${label(c)}`);
          }
          break;
        case 'owner':
          for (const actor of others) {
            const c = await send(w, route, actor, await rule.request(w, actor));
            const expected = actor === 'anon' ? [401] : [403, 404];
            if (!expected.includes(c.response.statusCode))
              failures.push(`expected ${expected.join('/')}: ${describeCell(c)}`);
            for (const marker of leaked(c, [...w.secrets, ...w.profileMarkers]))
              failures.push(`leaks ${marker}: ${label(c)}`);
          }
          break;
        case 'admin':
          for (const actor of ['anon', 'a', 'b'] as const) {
            const c = await send(w, route, actor, await rule.request(w, actor));
            const expected = actor === 'anon' ? 401 : 403;
            if (c.response.statusCode !== expected) failures.push(`expected ${expected}: ${describeCell(c)}`);
            for (const marker of leaked(c, [...w.secrets, ...w.profileMarkers]))
              failures.push(`leaks ${marker}: ${label(c)}`);
          }
          break;
        case 'link':
          for (const token of ['none', 'foreign'] as const) {
            for (const actor of ACTORS) {
              const c = await send(w, route, actor, await rule.request(w, token), `${token} token`);
              if (!denied(c)) failures.push(`link without its token not refused: ${describeCell(c)}`);
              for (const marker of leaked(c, w.secrets)) failures.push(`leaks ${marker}: ${label(c)}`);
            }
          }
          break;
        default:
          break;
      }
    }
    const after = await snapshotOfA(w);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(after, 'A’s rows changed while others acted').toEqual(before);

    // 3. The same requests succeed for their rightful caller, so the refusals above mean something.
    for (const [route, rule] of rules) {
      if (rule.policy === 'self' || rule.policy === 'owner') {
        const c = await send(w, route, 'a', await rule.request(w, 'a'));
        if (!succeeded(c)) failures.push(`owner refused: ${describeCell(c)}`);
      }
      if (rule.policy === 'admin') {
        const c = await send(w, route, 'admin', await rule.request(w, 'admin'));
        if (c.response.statusCode !== 200) failures.push(`admin refused: ${describeCell(c)}`);
      }
    }
    // Marking the paid job done mailed its payer the acceptance link.
    // Read from this machine: the local mailbox answers nobody else.
    const mail = await w.send({
      ...get(`/api/dev/mail?to=${encodeURIComponent(A_PAYER)}`),
      remoteAddress: '127.0.0.1',
    });
    const links = (mail.json() as { data: { links: string[] }[] }).data.flatMap((m) => m.links);
    const accept = links.map((l) => /\/offer\/accept\/([^/?#]+)/.exec(l)?.[1]).find(Boolean);
    expect(accept, 'acceptance link in the payer’s mail').toBeDefined();
    w.acceptToken = decodeURIComponent(accept!);
    for (const [route, rule] of rules) {
      if (rule.policy !== 'link') continue;
      const c = await send(w, route, 'anon', await rule.request(w, 'own'), 'own token');
      if (!succeeded(c)) failures.push(`link with its own token refused: ${describeCell(c)}`);
    }
    // B's and the administrator's logouts ended only their own sessions.
    expect((await send(w, 'GET /api/me', 'a', get('/api/me'))).response.statusCode).toBe(200);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);
});

describe('access matrix with Stripe configured', () => {
  let stripeApp: TestApp | undefined;
  afterAll(async () => {
    await stripeApp?.close();
  });

  it('classifies its routes and refuses unsigned or forged webhooks', async () => {
    registered.routes.clear();
    stripeApp = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_access_matrix',
        STRIPE_API_URL: 'http://127.0.0.1:9',
        STRIPE_WEBHOOK_SECRET: 'whsec_platform_matrix',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_matrix',
        // Real Google sign-in too, so no sandbox route of any kind is left.
        GOOGLE_CLIENT_ID: 'matrix.apps.googleusercontent.com',
      },
    });
    const routes = routeList();
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining([...CONDITIONAL]));
    expect(routes.filter((route) => route.includes('/sandbox/'))).toEqual([]);
    const failures: string[] = [];
    const sendStripe = await makeSend(stripeApp);
    for (const route of CONDITIONAL) {
      const rule = MATRIX[route]!;
      if (rule.policy !== 'signed') throw new Error(`${route} is not classified as signed`);
      const forged = await rule.request(w);
      const unsigned = { ...forged, headers: { 'content-type': 'application/json' } };
      for (const [variant, request] of [
        ['forged signature', forged],
        ['no signature', unsigned],
      ] as const) {
        const response = await sendStripe(request);
        if (response.statusCode !== 400) failures.push(`${route} (${variant}) -> ${response.statusCode}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});

/** A lawyer's Pro subscribe page at the sandbox: its id and the token of its link. */
async function subscriptionLink(send: Send, headers: Record<string, string>) {
  const response = await send({ method: 'POST', url: '/api/user/plan/subscribe', headers });
  if (response.statusCode !== 200) throw new Error(`subscribe: ${response.statusCode} ${response.body}`);
  const url = new URL((response.json() as { data: { url: string } }).data.url);
  return { id: url.pathname.split('/').pop() ?? '', token: url.searchParams.get('token') ?? '' };
}

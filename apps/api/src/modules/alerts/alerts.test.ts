import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_SECOND_WAVE_MINUTES } from '@substytut/shared';
import {
  boardAlerts,
  boardFavourites,
  boardRequests,
  mailOutbox,
  pushSubscriptions,
  users,
  alertSettings,
} from '../../db/schema.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import {
  MOKOTOW,
  SO_KRAKOW,
  SO_WARSZAWA,
  browserKeys,
  requestValues,
  seedSubstitute,
  startFakePushService,
} from '../../../test/board-alerts-fixtures.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { createAlertsWorker, runDailyDigest, startAlertsWorker } from './index.ts';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
// 11:00 in Warsaw, a Thursday in winter.
const clock = createTestClock('2026-01-15T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
  pushService = await startFakePushService();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

async function post(posterUserId: string, overrides: Parameters<typeof requestValues>[2] = {}) {
  return t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(boardRequests)
      .values(requestValues(posterUserId, clock.now(), overrides))
      .returning();
    await t.services.alerts.requestPosted(tx, row!);
    return row!;
  });
}

const alertsOf = (requestId: string) =>
  t.db.select().from(boardAlerts).where(eq(boardAlerts.requestId, requestId));

describe('GET and PUT /api/user/alerts', () => {
  it('answers 401 without a session and the defaults before anything is saved', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/alerts' })).statusCode).toBe(401);
    const { headers } = await t.seed.session();
    const response = await t.app.inject({ method: 'GET', url: '/api/user/alerts', headers });
    expect(response.json().data).toEqual({
      court_ids: [],
      area_court_ids: [],
      cities: [],
      case_types: [],
      min_fee_net: null,
      channels: { email: true, push: false, digest: false },
      quiet_hours: { from: '22:00', to: '07:00' },
    });
  });

  it('saves the settings whole, and refuses a district court as an area or a city without a court', async () => {
    const { headers } = await t.seed.session();
    const csrf = await csrfHeaders(t.app);
    const body = {
      court_ids: [MOKOTOW],
      area_court_ids: [SO_KRAKOW],
      cities: ['Gdańsk'],
      case_types: ['civil', 'family'],
      min_fee_net: '150.00',
      channels: { email: true, push: true, digest: true },
      quiet_hours: null,
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alerts',
      headers: { ...headers, ...csrf },
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(body);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/alerts', headers })).json().data).toEqual(
      body,
    );

    const area = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alerts',
      headers: { ...headers, ...csrf },
      payload: { ...body, area_court_ids: [MOKOTOW] },
    });
    expect(area.statusCode).toBe(400);
    expect(area.json().errors).toEqual({ 'area_court_ids.0': 'validation.alertAreaInvalid' });
    const city = await t.app.inject({
      method: 'PUT',
      url: '/api/user/alerts',
      headers: { ...headers, ...csrf },
      payload: { ...body, cities: ['Atlantyda'] },
    });
    expect(city.json().errors).toEqual({ 'cities.0': 'validation.alertCityUnknown' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/alerts', headers })).json().data).toEqual(
      body,
    );
  });
});

describe('push subscriptions and the VAPID key', () => {
  it('the key is made once and kept in DATA_DIR', async () => {
    const { headers } = await t.seed.session();
    const key = (
      await t.app.inject({ method: 'GET', url: '/api/user/push-subscriptions/key', headers })
    ).json().data;
    const file = path.join(t.dataDir, 'vapid.json');
    expect(existsSync(file)).toBe(true);
    expect(key.public_key).toBe(JSON.parse(readFileSync(file, 'utf8')).publicKey);
    expect(key.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('subscribes a browser (once per endpoint) and unsubscribes it', async () => {
    const { user, headers } = await t.seed.session();
    const csrf = await csrfHeaders(t.app);
    const endpoint = `${pushService.url}/sub/${user.id}`;
    for (let i = 0; i < 2; i += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user/push-subscriptions',
        headers: { ...headers, ...csrf },
        payload: { endpoint, keys: browserKeys() },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toEqual({ subscribed: true });
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/push-subscriptions',
      headers: { ...headers, ...csrf },
      payload: { endpoint },
    });
    expect(removed.json().data).toEqual({ subscribed: false });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe('a posted request is queued for everyone who covers it and may take it', () => {
  it('urgent, Warsaw district court: the Warsaw-area substitute, not Kraków, not an early trainee, not the unverified', async () => {
    const poster = await t.seed.user();
    const warsaw = await seedSubstitute(t.db, t.seed, { areas: [SO_WARSZAWA], push: true });
    const krakow = await seedSubstitute(t.db, t.seed, { areas: [SO_KRAKOW] });
    const trainee = await seedSubstitute(t.db, t.seed, {
      areas: [SO_WARSZAWA],
      profession: 'aplikant-adwokacki',
      trainingStart: '2025-10',
    });
    const unverified = await seedSubstitute(t.db, t.seed, { areas: [SO_WARSZAWA], active: false });
    const wrongProfession = await seedSubstitute(t.db, t.seed, {
      cities: ['Warszawa'],
      profession: 'aplikant-radcowski',
      trainingStart: '2020-01',
    });
    const request = await post(poster.id);

    const rows = await alertsOf(request.id);
    expect(rows.map((r) => `${r.userId}:${r.channel}:${r.wave}`).sort()).toEqual(
      [`${warsaw.user.id}:email:1`, `${warsaw.user.id}:push:1`].sort(),
    );
    for (const other of [krakow, trainee, unverified, wrongProfession])
      expect(rows.some((r) => r.userId === other.user.id)).toBe(false);
    expect(rows.every((r) => r.dueAt.getTime() === clock.now().getTime())).toBe(true);

    // A trainee of 3 months may take a district court request (6 months needed? no: 3 < 6) — not;
    // one of 7 months may.
    const later = await seedSubstitute(t.db, t.seed, {
      areas: [SO_WARSZAWA],
      profession: 'aplikant-adwokacki',
      trainingStart: '2025-06',
    });
    const second = await post(poster.id);
    expect((await alertsOf(second.id)).some((r) => r.userId === later.user.id)).toBe(true);
    expect((await alertsOf(second.id)).some((r) => r.userId === trainee.user.id)).toBe(false);
  });

  it('not urgent: favourites at once, the rest ten minutes later, a quiet night waits for the morning', async () => {
    const poster = await t.seed.user();
    const favourite = await seedSubstitute(t.db, t.seed, { courts: ['sad-rejonowy-w-bialymstoku'] });
    const other = await seedSubstitute(t.db, t.seed, { cities: ['Białystok'] });
    await t.db
      .insert(boardFavourites)
      .values({ posterUserId: poster.id, substituteProfileId: favourite.profile.id });
    const request = await post(poster.id, { courtId: 'sad-rejonowy-w-bialymstoku', urgent: false });
    const rows = await alertsOf(request.id);
    const of = (id: string) => rows.find((r) => r.userId === id);
    expect(of(favourite.user.id)).toMatchObject({ wave: 1, dueAt: clock.now() });
    expect(of(other.user.id)).toMatchObject({
      wave: 2,
      dueAt: new Date(clock.now().getTime() + BOARD_SECOND_WAVE_MINUTES * 60_000),
    });

    const night = await seedSubstitute(t.db, t.seed, {
      cities: ['Białystok'],
      quiet: { from: '10:30', to: '14:00' },
    });
    const quiet = await post(poster.id, { courtId: 'sad-rejonowy-w-bialymstoku', urgent: false });
    expect((await alertsOf(quiet.id)).find((r) => r.userId === night.user.id)?.dueAt).toEqual(
      new Date('2026-01-15T13:00:00.000Z'),
    );
    const urgent = await post(poster.id, { courtId: 'sad-rejonowy-w-bialymstoku', urgent: true });
    expect((await alertsOf(urgent.id)).find((r) => r.userId === night.user.id)?.dueAt).toEqual(clock.now());
  });
});

describe('the worker sends each due alert once, by e-mail and push', () => {
  it('mails in the substitute language, pushes to each browser, drops a gone subscription, skips a closed request', async () => {
    const poster = await t.seed.user();
    const en = await seedSubstitute(t.db, t.seed, {
      courts: ['sad-rejonowy-w-olsztynie'],
      locale: 'en',
      push: true,
    });
    await t.db.insert(pushSubscriptions).values([
      { userId: en.user.id, endpoint: `${pushService.url}/live/${en.user.id}`, ...browserKeys() },
      { userId: en.user.id, endpoint: `${pushService.url}/gone/${en.user.id}`, ...browserKeys() },
    ]);
    const request = await post(poster.id, { courtId: 'sad-rejonowy-w-olsztynie' });
    const worker = createAlertsWorker(t.services.alerts.deps);
    while ((await worker.runOnce()) > 0);
    await worker.runOnce();

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, en.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Urgent: new substitution request — Sąd Rejonowy w Olsztynie');
    expect(mails[0]!.text).toContain(`/en/dashboard/board?request=${request.id}`);
    expect(mails[0]!.text).not.toContain('I C 123/26');
    expect(mails[0]!.text).not.toContain('Jan Nowak');
    expect(pushService.received.filter((p) => p.includes(en.user.id)).sort()).toEqual(
      [`/gone/${en.user.id}`, `/live/${en.user.id}`].sort(),
    );
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, en.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${pushService.url}/live/${en.user.id}`]);
    expect((await alertsOf(request.id)).map((r) => r.status)).toEqual(['sent', 'sent']);

    // The embedded transport's record, as the local mailbox: this machine only.
    const recorded = await t.app.inject({ method: 'GET', url: '/api/dev/push', remoteAddress: '127.0.0.1' });
    expect(recorded.json().data).toEqual(
      expect.arrayContaining([
        {
          endpoint: `${pushService.url}/live/${en.user.id}`,
          payload: {
            title: 'Urgent: Sąd Rejonowy w Olsztynie',
            body: expect.any(String),
            url: `/dashboard/board?request=${request.id}`,
          },
          result: 'sent',
        },
      ]),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dev/push', remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);

    // A request cancelled before its second wave: the pending alerts are skipped, nothing is sent.
    const pl = await seedSubstitute(t.db, t.seed, { courts: ['sad-rejonowy-w-olsztynie'] });
    const cancelled = await post(poster.id, { courtId: 'sad-rejonowy-w-olsztynie', urgent: false });
    await t.db.update(boardRequests).set({ state: 'cancelled' }).where(eq(boardRequests.id, cancelled.id));
    clock.advance(BOARD_SECOND_WAVE_MINUTES * 60_000);
    while ((await worker.runOnce()) > 0);
    expect((await alertsOf(cancelled.id)).every((r) => r.status === 'skipped')).toBe(true);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, pl.user.email))).toHaveLength(0);
  });

  it('a crash after the claim loses nothing: the row is claimed again after its lease', async () => {
    const poster = await t.seed.user();
    const sub = await seedSubstitute(t.db, t.seed, { courts: ['sad-rejonowy-w-elblagu'] });
    const request = await post(poster.id, { courtId: 'sad-rejonowy-w-elblagu' });
    // Claimed by an instance that then died: attempts 1, pushed out by the lease.
    await t.db
      .update(boardAlerts)
      .set({ attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + 2 * 60_000) })
      .where(eq(boardAlerts.requestId, request.id));
    const worker = createAlertsWorker(t.services.alerts.deps);
    await worker.runOnce();
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, sub.user.email))).toHaveLength(0);
    clock.advance(2 * 60_000);
    await worker.runOnce();
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, sub.user.email))).toHaveLength(1);
  });
});

describe('the running worker (decision 048)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const postIn = (w: TestApp, posterId: string) =>
    w.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(boardRequests)
        .values(requestValues(posterId, w.clock.now(), { courtId: 'sad-rejonowy-w-tarnowie' }))
        .returning();
      await w.services.alerts.requestPosted(tx, row!);
      return row!;
    });
  const mailsIn = async (w: TestApp, to: string) =>
    (await w.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

  it('sleeps while nothing happens and wakes on the board_changed event of a posted request', async () => {
    const w = await createTestApp({ clock: createTestClock('2026-01-15T10:00:00.000Z') });
    let claims = 0;
    // Every pass claims in one transaction: counting them counts the passes.
    const db = new Proxy(w.db, {
      get(target, prop) {
        if (prop === 'transaction') claims += 1;
        return Reflect.get(target, prop, target) as unknown;
      },
    });
    const running = startAlertsWorker({ ...w.services.alerts.deps, db }, { fallbackMs: 60_000 });
    try {
      const poster = await w.seed.user();
      const sub = await seedSubstitute(w.db, w.seed, { courts: ['sad-rejonowy-w-tarnowie'] });
      await expect.poll(() => claims).toBe(1);
      await sleep(1_500);
      expect(claims).toBe(1); // no pass in between: a 1-second poll would have made two

      const request = await postIn(w, poster.id);
      await w.services.alerts.requestChanged({ requestId: request.id, state: 'open' });
      await expect.poll(() => mailsIn(w, sub.user.email), { timeout: 5_000 }).toBe(1);
    } finally {
      await running.stop();
      await w.close();
    }
  });

  it('still sends what no event announced, on its slow fallback pass', async () => {
    const w = await createTestApp({ clock: createTestClock('2026-01-15T10:00:00.000Z') });
    const running = startAlertsWorker(w.services.alerts.deps, { fallbackMs: 400 });
    try {
      const poster = await w.seed.user();
      const sub = await seedSubstitute(w.db, w.seed, { courts: ['sad-rejonowy-w-tarnowie'] });
      // Queued without the event (a NOTIFY lost while the LISTEN connection reconnected).
      await postIn(w, poster.id);
      await expect.poll(() => mailsIn(w, sub.user.email), { timeout: 5_000 }).toBe(1);
    } finally {
      await running.stop();
      await w.close();
    }
  });
});

describe('a deleted account', () => {
  it('keeps no alert settings, push subscriptions or queued alerts once its row is emptied (decision 029)', async () => {
    const poster = await t.seed.user();
    const sub = await seedSubstitute(t.db, t.seed, { courts: ['sad-rejonowy-w-koninie'], push: true });
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: sub.user.id, endpoint: `${pushService.url}/del/${sub.user.id}`, ...browserKeys() });
    const request = await post(poster.id, { courtId: 'sad-rejonowy-w-koninie', urgent: false });
    expect(await alertsOf(request.id)).toHaveLength(2);
    await t.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, sub.user.id));
    expect(await alertsOf(request.id)).toHaveLength(0);
    expect(await t.db.select().from(alertSettings).where(eq(alertSettings.userId, sub.user.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, sub.user.id)),
    ).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('from 18:00 Warsaw, one mail a day with the day’s matching open requests; none without any', async () => {
    const digestClock = createTestClock('2026-02-10T09:00:00.000Z');
    const d = await createTestApp({ clock: digestClock });
    try {
      const poster = await d.seed.user();
      const reader = await seedSubstitute(d.db, d.seed, { cities: ['Lublin'], email: false, digest: true });
      const nothing = await seedSubstitute(d.db, d.seed, { cities: ['Opole'], email: false, digest: true });
      await d.db.insert(boardRequests).values([
        requestValues(poster.id, digestClock.now(), {
          courtId: 'sad-rejonowy-lublin-zachod-w-lublinie',
          urgent: false,
        }),
        requestValues(poster.id, digestClock.now(), { courtId: MOKOTOW, urgent: false }),
      ]);
      expect(await runDailyDigest(d.services.alerts.deps)).toBe(0); // 10:00 Warsaw
      digestClock.set('2026-02-10T17:30:00.000Z'); // 18:30 Warsaw
      expect(await runDailyDigest(d.services.alerts.deps)).toBe(1);
      expect(await runDailyDigest(d.services.alerts.deps)).toBe(0);
      const mails = await d.db.select().from(mailOutbox).where(eq(mailOutbox.to, reader.user.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Zlecenia zastępstw z dziś (1)');
      expect(await d.db.select().from(mailOutbox).where(eq(mailOutbox.to, nothing.user.email))).toHaveLength(
        0,
      );
      // The next evening: yesterday's requests are older than a day; a new one is in the digest.
      digestClock.set('2026-02-11T17:30:00.000Z');
      expect(await runDailyDigest(d.services.alerts.deps)).toBe(0);
      digestClock.set('2026-02-12T09:00:00.000Z');
      await d.db.insert(boardRequests).values(
        requestValues(poster.id, digestClock.now(), {
          courtId: 'sad-rejonowy-lublin-zachod-w-lublinie',
          urgent: false,
        }),
      );
      digestClock.set('2026-02-12T17:01:00.000Z');
      expect(await runDailyDigest(d.services.alerts.deps)).toBe(1);
    } finally {
      await d.close();
    }
  });
});

describe('GET /api/board/events', () => {
  it('401 without a session; a signed-in stream gets board-changed events and is closed on shutdown', async () => {
    const e = await createTestApp();
    await e.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = e.app.server.address() as AddressInfo;
    try {
      expect((await e.app.inject({ method: 'GET', url: '/api/board/events' })).statusCode).toBe(401);
      const { headers } = await e.seed.session();
      let text = '';
      let ended = false;
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/board/events', headers }, (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes(': connected')) resolve();
          });
          res.on('end', () => {
            ended = true;
          });
        });
        req.on('error', reject);
        req.end();
      });
      await e.services.alerts.requestChanged({
        requestId: '8a0c3f5e-0000-4000-8000-000000000001',
        state: 'assigned',
      });
      await expect
        .poll(() => text)
        .toContain(
          'event: board-changed\ndata: {"requestId":"8a0c3f5e-0000-4000-8000-000000000001","state":"assigned"}\n\n',
        );
      await e.close();
      await expect.poll(() => ended).toBe(true);
    } finally {
      await e.close().catch(() => undefined);
    }
  });
});

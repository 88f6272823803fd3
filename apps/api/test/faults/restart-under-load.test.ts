import { addDays, warsawDate } from '@substytut/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../src/db/schema.ts';
import { systemClock } from '../../src/modules/app/clock.ts';
import { createSeed } from '../helpers.ts';
import {
  createPgDatabase,
  killAllServers,
  pgServerUrl,
  refusesConnections,
  serverDatabaseUrl,
  startServer,
  until,
  type PgDatabase,
} from './support.ts';

interface Outcome {
  title: string;
  status?: number;
  error?: string;
}

const BLOCKED = 6;

// SIGTERM while the server is busy: requests already accepted run to completion and are
// answered, nothing answered 2xx is lost, nothing refused was half-applied, and the server
// exits cleanly and serves again when restarted.
describe.skipIf(!pgServerUrl)('a server restarted under load (PostgreSQL)', () => {
  let database: PgDatabase;

  beforeAll(async () => {
    database = await createPgDatabase();
  });
  afterAll(async () => {
    await killAllServers();
    await database?.drop();
  });

  const serverEnv = (applicationName: string) => ({
    DATABASE_URL: serverDatabaseUrl(database, applicationName),
    // Each request names its own client address, so the per-IP rate limits stay out of the way.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  });

  let clientCounter = 0;
  async function createOffer(address: string, token: string, title: string): Promise<Outcome> {
    clientCounter += 1;
    try {
      const response = await fetch(`${address}/api/user/offer`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(clientCounter >> 8) & 255}.${clientCounter & 255}.7`,
        },
        body: JSON.stringify({
          title,
          expireDate: addDays(warsawDate(new Date()), 7),
          price: '100.00',
        }),
      });
      // A response cut off halfway fails here and counts as an error, not as an answer.
      await response.text();
      return { title, status: response.status };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { title, error: cause?.code ?? cause?.message ?? String(error) };
    }
  }

  it('finishes the requests in flight at SIGTERM and loses none it answered', async () => {
    const seed = createSeed(database.db, systemClock);
    const blockedLawyer = await seed.session();
    const blockedProfile = await seed.profile({ userId: blockedLawyer.user.id });
    const streamLawyer = await seed.session();
    const streamProfile = await seed.profile({ userId: streamLawyer.user.id });

    const first = await startServer(serverEnv('fault-restart-1'));
    const address = await first.ready;

    // The test holds the lawyer's profile row: a new offer's foreign key check waits on it, so
    // these requests are certainly in flight, inside their transactions, when SIGTERM comes.
    const held = await database.lock('select id from profiles where id = $1 for update', [blockedProfile.id]);
    const blocked = Promise.all(
      Array.from({ length: BLOCKED }, (_, i) => createOffer(address, blockedLawyer.token, `blocked ${i}`)),
    );

    // Meanwhile another lawyer keeps creating offers, from three clients at once, until the
    // server stops taking them.
    const stream: Outcome[] = [];
    let streamCounter = 0;
    let stopStream = false;
    const streamWorkers = Array.from({ length: 3 }, async () => {
      while (!stopStream) {
        const outcome = await createOffer(address, streamLawyer.token, `stream ${streamCounter++}`);
        stream.push(outcome);
        if (outcome.error === 'ECONNREFUSED') return;
      }
    });

    await until(
      'the blocked requests to wait on the profile row and the stream to flow',
      async () =>
        (await database.waitingOnLocks('fault-restart-1', 'offers')) === BLOCKED &&
        stream.filter((o) => o.status === 200).length >= 5,
    );
    first.child.kill('SIGTERM');
    // The listener closes while the blocked requests are still waiting on the lock.
    await until('the server to stop accepting connections', () => refusesConnections(address));
    expect(await database.waitingOnLocks('fault-restart-1', 'offers')).toBe(BLOCKED);
    await held.release();

    const blockedOutcomes = await blocked;
    expect(blockedOutcomes).toEqual(blockedOutcomes.map(({ title }) => ({ title, status: 200 })));
    expect(await first.exited, first.output().stdout.slice(-3000)).toBe(0);
    expect(first.output().stdout).toContain('"msg":"shutting down"');
    stopStream = true;
    await Promise.all(streamWorkers);

    // Every request answered 2xx is in the database, once; no request that failed left an offer.
    const outcomes = [...blockedOutcomes, ...stream];
    const stored = await database.db
      .select({ title: offers.title })
      .from(offers)
      .where(inArray(offers.profileId, [blockedProfile.id, streamProfile.id]));
    const storedTitles = stored.map((row) => row.title).sort();
    const answeredTitles = outcomes
      .filter((o) => o.status === 200)
      .map((o) => o.title)
      .sort();
    expect(storedTitles).toEqual(answeredTitles);
    // What did not succeed was turned away while closing (503, or no connection): never a 5xx
    // of a request that broke halfway.
    for (const outcome of outcomes.filter((o) => o.status !== 200)) {
      expect([503, undefined], JSON.stringify(outcome)).toContain(outcome.status);
    }

    // Started again on the same database, it serves, with everything answered before.
    const second = await startServer(serverEnv('fault-restart-2'));
    const address2 = await second.ready;
    expect((await fetch(`${address2}/api/health`)).status).toBe(200);
    const list = await fetch(`${address2}/api/user/offer`, {
      headers: { authorization: `Bearer ${blockedLawyer.token}` },
    });
    expect(list.status).toBe(200);
    const listed = ((await list.json()) as { data: { title: string }[] }).data.map((o) => o.title);
    expect(listed.sort()).toEqual(blockedOutcomes.map((o) => o.title).sort());
    expect((await createOffer(address2, blockedLawyer.token, 'after restart')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output().stdout.slice(-3000)).toBe(0);
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { openDatabase } from '../src/db/client.ts';
import { boardAlerts, boardRequests, mailOutbox, pushSubscriptions } from '../src/db/schema.ts';
import { composeApp } from '../src/composition/build-app.ts';
import type { Services } from '../src/composition/services.ts';
import { loadConfig } from '../src/modules/app/config.ts';
import { createAlertsWorker } from '../src/modules/alerts/index.ts';
import {
  MOKOTOW,
  SO_WARSZAWA,
  browserKeys,
  requestValues,
  seedSubstitute,
  startFakePushService,
} from './board-alerts-fixtures.ts';
import { createEmptyPgDatabase, createSeed, migrationsDir } from './helpers.ts';
import { createTestClock } from './test-clock.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  services: Services;
  dataDir: string;
}

// Two app instances on one PostgreSQL database, as two servers behind a balancer: each with its own
// pool, its own LISTEN connection and its own worker (issue 32: alerts sent exactly once, a change
// on one instance reaches a board open on the other).
describe.skipIf(!serverUrl)('board alerts with two app instances on PostgreSQL', () => {
  const clock = createTestClock('2026-01-15T10:00:00.000Z');
  const vapid = webpush.generateVAPIDKeys();
  let instances: Instance[] = [];
  let drop: () => Promise<void>;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;

  beforeAll(async () => {
    const created = await createEmptyPgDatabase(serverUrl!, 'substytut_alerts');
    drop = created.drop;
    pushService = await startFakePushService();
    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-alerts-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
        PUBLIC_URL: 'http://localhost:3000',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      });
      const database = await openDatabase({ databaseUrl: created.url, migrationsDir });
      const { app, services } = await composeApp(config, { database, clock });
      instances.push({ app, services, dataDir });
    }
  });
  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close().catch(() => undefined);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    instances = [];
    await pushService?.close();
    await drop?.();
  });

  it('every alert is sent exactly once while both instances run their workers at once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const db = a.app.db;
    const seed = createSeed(db, clock);
    const poster = await seed.user();
    const substitutes = [];
    for (let i = 0; i < 60; i += 1) {
      const sub = await seedSubstitute(db, seed, { areas: [SO_WARSZAWA], push: true });
      await db
        .insert(pushSubscriptions)
        .values({ userId: sub.user.id, endpoint: `${pushService.url}/s/${sub.user.id}`, ...browserKeys() });
      substitutes.push(sub);
    }
    const request = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(boardRequests)
        .values(requestValues(poster.id, clock.now(), { courtId: MOKOTOW }))
        .returning();
      await a.services.alerts.requestPosted(tx, row!);
      return row!;
    });
    const queued = await db.select().from(boardAlerts).where(eq(boardAlerts.requestId, request.id));
    expect(queued).toHaveLength(120);

    // Two workers per instance, each passing until a pass finds nothing due.
    const drain = async (instance: Instance) => {
      const worker = createAlertsWorker(instance.services.alerts.deps);
      for (let idle = 0; idle < 2;) idle = (await worker.runOnce()) === 0 ? idle + 1 : 0;
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);

    const statuses = await db
      .select({ status: boardAlerts.status, n: sql<number>`count(*)::int` })
      .from(boardAlerts)
      .where(eq(boardAlerts.requestId, request.id))
      .groupBy(boardAlerts.status);
    expect(statuses).toEqual([{ status: 'sent', n: 120 }]);
    for (const sub of substitutes) {
      expect(
        await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, sub.user.email)),
      ).toHaveLength(1);
      expect(pushService.received.filter((p) => p === `/s/${sub.user.id}`)).toHaveLength(1);
    }
  });

  it('a change on one instance reaches a board open on the other (LISTEN/NOTIFY)', async () => {
    const [a, b] = instances as [Instance, Instance];
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.app.server.address() as AddressInfo;
    const seed = createSeed(b.app.db, clock);
    const { headers } = await seed.session();
    let text = '';
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/board/events', headers }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(': connected')) resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
    const event = { requestId: '3f1d7c7a-1111-4222-8333-444455556666', state: 'cancelled' as const };
    await a.services.alerts.requestChanged(event);
    await expect
      .poll(() => text, { timeout: 5000 })
      .toContain(`event: board-changed\ndata: ${JSON.stringify(event)}\n\n`);
  });
});

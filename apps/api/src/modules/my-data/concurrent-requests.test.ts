import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { calendarFeeds, dataExports, dataRequests, mailOutbox } from '../../db/schema.ts';

/**
 * Requests that arrive at once (issue 30, finding 5): each kind ends in one result and clear
 * answers for the rest, never a 500. Run with TEST_DATABASE_URL to fire them at PostgreSQL, where
 * they really overlap; on PGlite they queue on its one connection and must pass too.
 */
let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const at = <T>(count: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => run(i)));

describe('requests fired at once', () => {
  it('10 new calendar addresses: all answered, one feed live, and it is the last one given', async () => {
    const me = await t.seed.session();
    await t.seed.profile({ userId: me.user.id });
    const answers = await at(10, () =>
      t.app.inject({ method: 'POST', url: '/api/user/calendar-feed', headers: { ...csrf, ...me.headers } }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const live = await t.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, me.user.id), isNull(calendarFeeds.revokedAt)));
    expect(live).toHaveLength(1);
    const working = await at(10, (i) =>
      t.app.inject({ url: new URL(answers[i]!.json().data.url as string).pathname }),
    );
    expect(working.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(working.filter((a) => a.statusCode === 404)).toHaveLength(9);
  });

  it("6 requests for one payer's data: one confirmation mail", async () => {
    const email = `payer-${randomBytes(4).toString('hex')}@example.com`;
    await t.app.mailer.enqueue({ to: email, subject: 'Płatność', html: '<p>x</p>', text: 'x' });
    const answers = await at(6, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/data-requests',
        headers: csrf,
        remoteAddress: `10.30.5.${i + 1}`,
        payload: { email, kind: 'export' },
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    await t.app.background.idle();
    expect(await t.db.select().from(dataRequests).where(eq(dataRequests.email, email))).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.filter((m) => m.subject !== 'Płatność')).toHaveLength(1);
  });

  it('6 exports of one account: one built, every answer names it', async () => {
    const me = await t.seed.session();
    await t.seed.profile({ userId: me.user.id });
    const answers = await at(6, () =>
      t.app.inject({ method: 'POST', url: '/api/me/data-export', headers: { ...csrf, ...me.headers } }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json().data.id as string)).size).toBe(1);
    await t.app.background.idle();
    const rows = await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('ready');
    const ready = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.user.email));
    expect(ready).toHaveLength(1);
  });
});

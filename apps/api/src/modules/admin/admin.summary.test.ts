import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeed, createTestDatabase, paymentRow, type Seed } from '../../../test/helpers.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import {
  offerPayments,
  offers,
  paidVolumeDaily,
  profiles,
  statusCounts,
  type OfferRow,
} from '../../db/schema.ts';

/**
 * The summary's figures (status_counts, paid_volume_daily) are kept by triggers: after any mix of
 * inserts, updates, deletes and rolled-back transactions they equal a count over the tables.
 */
let database: Database;
let seed: Seed;

beforeAll(async () => {
  database = await createTestDatabase();
  seed = createSeed(database.db, { now: () => new Date() });
});
afterAll(() => database?.close());

async function kept() {
  const counts = await database.db.select().from(statusCounts);
  const days = await database.db.select().from(paidVolumeDaily);
  return {
    offers: Object.fromEntries(
      counts.filter((c) => c.entity === 'offers' && c.n !== 0).map((c) => [c.status, c.n]),
    ),
    profiles: Object.fromEntries(
      counts.filter((c) => c.entity === 'profiles' && c.n !== 0).map((c) => [c.status, c.n]),
    ),
    days: Object.fromEntries(
      days
        .filter((d) => d.payments !== 0 || d.grossGrosze !== 0)
        .map((d) => [d.day, [d.grossGrosze, d.payments]]),
    ),
  };
}

async function counted() {
  const byStatus = async (table: 'offers' | 'profiles') =>
    Object.fromEntries(
      rowsOf<{ status: string; n: string | number }>(
        await database.db.execute(
          sql`select status, count(*) as n from ${sql.identifier(table)} group by status`,
        ),
      ).map((r) => [r.status, Number(r.n)]),
    );
  const days = rowsOf<{ day: string; gross: string | number; n: string | number }>(
    await database.db.execute(sql`
      select to_char((pay_date at time zone 'Europe/Warsaw')::date, 'YYYY-MM-DD') as day, sum(price) as gross, count(*) as n
      from payments where status in ('paid', 'disputed') and pay_date is not null group by 1`),
  );
  return {
    offers: await byStatus('offers'),
    profiles: await byStatus('profiles'),
    days: Object.fromEntries(days.map((d) => [d.day, [Number(d.gross), Number(d.n)]])),
  };
}

describe('the admin summary figures', () => {
  it('follow every insert, update and delete, and a rolled-back transaction leaves them as they were', async () => {
    const db = database.db;
    const a = await seed.profile({ status: 'active' });
    const b = await seed.profile({ status: 'inactive' });
    const made: OfferRow[] = [];
    for (const status of ['active', 'active', 'paystart', 'payed', 'done', 'expired'] as const) {
      made.push(await seed.offer({ profileId: a.id, status }));
    }
    made.push(await seed.offer({ profileId: b.id, status: 'active' }));
    expect(await kept()).toEqual(await counted());

    // A bulk status change, an edit that changes no status, and a delete.
    await db
      .update(offers)
      .set({ status: 'expired' })
      .where(inArray(offers.id, [made[0]!.id, made[1]!.id]));
    await db.update(offers).set({ title: 'Nowy tytuł' }).where(eq(offers.profileId, a.id));
    await db.delete(offers).where(eq(offers.id, made[6]!.id));
    await db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, b.id));
    expect(await kept()).toEqual(await counted());

    // Payments across a Warsaw midnight, one refunded later, one opened and never paid.
    const [p1, p2] = await db
      .insert(offerPayments)
      .values([
        paymentRow(made[3]!.id, 'paid', 12_300, '2025-03-30T21:30:00Z'),
        paymentRow(made[4]!.id, 'paid', 1_000, '2025-03-30T22:10:00Z'),
        paymentRow(made[2]!.id, 'open', 5_000, null),
        paymentRow(made[5]!.id, 'disputed', 700, '2025-03-30T22:10:00Z'),
      ])
      .returning();
    expect(await kept()).toEqual(await counted());
    await db.update(offerPayments).set({ status: 'refunded' }).where(eq(offerPayments.id, p1!.id));
    await db
      .update(offerPayments)
      .set({ payDate: new Date('2025-04-02T10:00:00Z') })
      .where(eq(offerPayments.id, p2!.id));
    await db.update(offerPayments).set({ paymentRef: 'pi_x' }).where(eq(offerPayments.offerId, made[2]!.id));
    expect(await kept()).toEqual(await counted());

    // Nothing of a transaction that rolls back stays in the figures.
    const before = await kept();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(offers).set({ status: 'archive' }).where(eq(offers.profileId, a.id));
        await tx.insert(offerPayments).values(paymentRow(made[3]!.id, 'paid', 9_999, '2025-04-03T10:00:00Z'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept()).toEqual(before);

    await db.delete(offerPayments);
    await db.delete(offers);
    expect(await kept()).toEqual(await counted());
    expect((await kept()).offers).toEqual({});
  });
});

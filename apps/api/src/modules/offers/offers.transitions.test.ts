import { eq } from 'drizzle-orm';
import { OFFER_STATUSES, OFFER_TRANSITIONS } from '@substytut/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { INVALID_TRANSITION } from './offers.errors.ts';
import { transitionOffer } from './offers.transitions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function statusOf(id: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
  return row;
}

describe('transitionOffer', () => {
  // Every (action, actor) pair of the machine against every starting status.
  const pairs = [...new Map(OFFER_TRANSITIONS.map((tr) => [`${tr.action}/${tr.by}`, tr])).values()];
  for (const { action, by } of pairs) {
    for (const from of OFFER_STATUSES) {
      const rule = OFFER_TRANSITIONS.find((tr) => tr.action === action && tr.by === by && tr.from === from);
      it(`${action} by ${by} from ${from}: ${rule ? `-> ${rule.to}` : '409'}`, async () => {
        const profile = await t.seed.profile();
        const offer = await t.seed.offer({ profileId: profile.id, status: from });
        const now = new Date(t.clock.now().getTime() + 60_000);
        if (rule) {
          const row = await transitionOffer(t.db, offer.id, action, by, now);
          expect(row.status).toBe(rule.to);
          expect(row.previousStatus).toBe(from);
          expect(row.updatedAt.getTime()).toBe(now.getTime());
          expect((await statusOf(offer.id))?.status).toBe(rule.to);
        } else {
          await expect(transitionOffer(t.db, offer.id, action, by, now)).rejects.toMatchObject({
            status: 409,
            code: INVALID_TRANSITION,
          });
          const after = await statusOf(offer.id);
          expect(after?.status).toBe(from);
          expect(after?.updatedAt.getTime()).toBe(offer.updatedAt.getTime());
        }
      });
    }
  }

  it('refuses an action by an actor the machine does not name', async () => {
    const profile = await t.seed.profile();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    await expect(transitionOffer(t.db, offer.id, 'markDone', 'client', t.clock.now())).rejects.toMatchObject({
      code: INVALID_TRANSITION,
    });
    expect((await statusOf(offer.id))?.status).toBe('payed');
  });

  it('with profileId only changes the owner’s offer', async () => {
    const owner = await t.seed.profile();
    const other = await t.seed.profile();
    const offer = await t.seed.offer({ profileId: owner.id, status: 'payed' });
    await expect(
      transitionOffer(t.db, offer.id, 'markDone', 'provider', t.clock.now(), { profileId: other.id }),
    ).rejects.toMatchObject({ code: INVALID_TRANSITION });
    const row = await transitionOffer(t.db, offer.id, 'markDone', 'provider', t.clock.now(), {
      profileId: owner.id,
      acceptanceTokenHash: 'a'.repeat(64),
    });
    expect(row).toMatchObject({ status: 'done', acceptanceTokenHash: 'a'.repeat(64) });
  });

  it('stamps the first time a status was reached', async () => {
    const profile = await t.seed.profile();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'paystart' });
    const paidAt = new Date('2030-01-01T10:00:00Z');
    const row = await transitionOffer(t.db, offer.id, 'paymentSucceeded', 'payment_event', paidAt);
    expect(row.paidAt?.toISOString()).toBe(paidAt.toISOString());
    const done = await transitionOffer(
      t.db,
      offer.id,
      'markDone',
      'provider',
      new Date('2030-01-02T10:00:00Z'),
    );
    expect(done.paidAt?.toISOString()).toBe(paidAt.toISOString());
    expect(done.doneAt?.toISOString()).toBe('2030-01-02T10:00:00.000Z');
  });

  it('two racing calls: exactly one wins', async () => {
    const profile = await t.seed.profile();
    const offer = await t.seed.offer({ profileId: profile.id, status: 'payed' });
    const results = await Promise.allSettled([
      transitionOffer(t.db, offer.id, 'markDone', 'provider', t.clock.now()),
      transitionOffer(t.db, offer.id, 'markDone', 'provider', t.clock.now()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it('an unknown offer is an invalid transition', async () => {
    await expect(
      transitionOffer(t.db, 2_000_000_000, 'expire', 'clock', t.clock.now()),
    ).rejects.toMatchObject({
      code: INVALID_TRANSITION,
    });
  });
});

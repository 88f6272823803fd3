import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { lockFor, type Db, type DbOrTx } from '../../db/client.ts';
import { calendarFeeds, offers, profiles, users, type OfferRow } from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import { notFound } from '../app/errors.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import { hearingFeed } from './hearing-calendar.ts';

/**
 * A lawyer's private calendar feed: a secret address any calendar app can subscribe to, listing
 * every paid hearing of their offers. Only the token's hash is stored, so the address is shown
 * once, when it is made; making a new one revokes the old (one live feed per user), and revoking
 * leaves none. The address alone grants reading the feed, nothing else.
 */

export interface CalendarDeps {
  db: Db;
  clock: Clock;
  config: { publicUrl: string };
}

export interface FeedState {
  active: boolean;
  created_at: string | null;
}

export interface NewFeed extends FeedState {
  url: string;
}

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

async function liveFeed(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function feedState(deps: CalendarDeps, userId: string): Promise<FeedState> {
  const row = await liveFeed(deps.db, userId);
  return { active: row !== null, created_at: row?.createdAt.toISOString() ?? null };
}

/** Revokes the live feed (if any) and makes a new one, in one transaction. */
export async function regenerateFeed(deps: CalendarDeps, userId: string): Promise<NewFeed> {
  const token = newSecretToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Requests at once take turns: each revokes the one before it, so one feed stays live.
    await lockFor(tx, `calendar-feed:${userId}`);
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
    await tx.insert(calendarFeeds).values({ userId, tokenHash: hashToken(token), createdAt: now });
  });
  return { active: true, created_at: now.toISOString(), url: feedUrl(deps.config.publicUrl, token) };
}

export async function revokeFeed(deps: CalendarDeps, userId: string): Promise<FeedState> {
  await deps.db
    .update(calendarFeeds)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
  return { active: false, created_at: null };
}

/** The paid offers with a hearing time of the feed's owner, soonest first. */
async function paidHearingsOf(db: DbOrTx, userId: string): Promise<OfferRow[]> {
  const rows = await db
    .select({ offer: offers })
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(and(eq(profiles.userId, userId), isNotNull(offers.paidAt), isNotNull(offers.hearingAt)))
    .orderBy(asc(offers.hearingAt), asc(offers.id));
  return rows.map((row) => row.offer);
}

/** GET /api/calendar/{token}.ics: the feed, in its owner's language; 404 for any other token. */
export async function readFeed(deps: CalendarDeps, token: string): Promise<string> {
  const [row] = await deps.db
    .select({ userId: calendarFeeds.userId, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(token)),
        isNull(calendarFeeds.revokedAt),
        // A deleted account's feed ends with it (its rows go in the deletion too).
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  const hearings = await paidHearingsOf(deps.db, row.userId);
  return hearingFeed(
    hearings,
    { locale: row.locale, publicUrl: deps.config.publicUrl, confidential: true, path: '/dashboard/offers' },
    deps.clock.now(),
  );
}

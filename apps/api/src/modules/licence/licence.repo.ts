import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { licenceChecks, type LicenceCheckRow } from '../../db/schema/licence.ts';
import { profiles, type ProfileRow } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';

export type NewLicenceCheck = Omit<typeof licenceChecks.$inferInsert, 'id' | 'createdAt'>;

export async function insertCheck(db: DbOrTx, check: NewLicenceCheck, now: Date): Promise<void> {
  await db.insert(licenceChecks).values({ ...check, createdAt: now });
}

export async function findProfileById(db: DbOrTx, profileId: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return row ?? null;
}

export async function lockProfileById(db: DbOrTx, profileId: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1).for('update');
  return row ?? null;
}

export interface AskedValues {
  askedName: string;
  askedType: string;
  askedLicenseNo: string;
}

/** The newest register answer for the same question since `since` (the register cache). */
export async function findRecentAnswer(
  db: DbOrTx,
  source: LicenceCheckRow['source'],
  asked: AskedValues,
  outcomes: string[],
  since: Date,
): Promise<LicenceCheckRow | null> {
  const [row] = await db
    .select()
    .from(licenceChecks)
    .where(
      and(
        eq(licenceChecks.source, source),
        eq(licenceChecks.askedLicenseNo, asked.askedLicenseNo),
        eq(licenceChecks.askedName, asked.askedName),
        eq(licenceChecks.askedType, asked.askedType),
        inArray(licenceChecks.outcome, outcomes),
        gt(licenceChecks.fetchedAt, since),
      ),
    )
    .orderBy(desc(licenceChecks.fetchedAt))
    .limit(1);
  return row ?? null;
}

export async function checksOf(db: DbOrTx, profileIds: number[]): Promise<LicenceCheckRow[]> {
  if (profileIds.length === 0) return [];
  return db
    .select()
    .from(licenceChecks)
    .where(inArray(licenceChecks.profileId, profileIds))
    .orderBy(desc(licenceChecks.createdAt), desc(licenceChecks.id));
}

/** The owner's address and language, for the outcome e-mail; null for a deleted account. */
export async function ownerOf(db: DbOrTx, userId: string): Promise<{ email: string; locale: 'pl' | 'en' } | null> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row && !row.deletedAt ? { email: row.email, locale: row.locale } : null;
}

/**
 * Profiles the clock job checks: queued ones ('pending'), ones waiting because the register could
 * not be reached and not tried since `retryBefore`, and register-verified ones confirmed before
 * `recheckBefore` (the 30-day re-check). Oldest first, a few per tick: the register allows one
 * request per 10 s.
 */
export async function profilesDueForCheck(
  db: DbOrTx,
  { retryBefore, recheckBefore, limit }: { retryBefore: Date; recheckBefore: Date; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`${profiles.licenseNo} <> ''`,
        or(
          // Queued: at once (the register's slot paces them).
          eq(profiles.licenceState, 'pending'),
          and(
            eq(profiles.licenceState, 'manual_review'),
            eq(profiles.licenceReason, 'licence.reason.register_unavailable'),
            or(sql`${profiles.licenceCheckedAt} is null`, lt(profiles.licenceCheckedAt, retryBefore)),
          ),
          and(
            eq(profiles.licenceState, 'verified'),
            eq(profiles.licenceMethod, 'register'),
            isNotNull(profiles.licenceVerifiedAt),
            lt(profiles.licenceVerifiedAt, recheckBefore),
            or(sql`${profiles.licenceCheckedAt} is null`, lt(profiles.licenceCheckedAt, retryBefore)),
          ),
        ),
      ),
    )
    .orderBy(asc(profiles.licenceCheckedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Licences waiting for a person, oldest first. */
export async function profilesInReview(db: DbOrTx): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.licenceState, 'manual_review'))
    .orderBy(asc(profiles.licenceCheckedAt), asc(profiles.id));
}

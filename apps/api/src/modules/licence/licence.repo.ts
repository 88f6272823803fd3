import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { licenceNoKey } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { licenceChecks, licenceCodes, type LicenceCheckRow, type LicenceCodeRow } from '../../db/schema/licence.ts';
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

// Issue 30: the one-time code and the other accounts that give the same entry number.

export async function saveCode(db: DbOrTx, code: LicenceCodeRow): Promise<void> {
  const { profileId: _profileId, ...rest } = code;
  await db.insert(licenceCodes).values(code).onConflictDoUpdate({ target: licenceCodes.profileId, set: rest });
}

export async function deleteCode(db: DbOrTx, profileId: number): Promise<void> {
  await db.delete(licenceCodes).where(eq(licenceCodes.profileId, profileId));
}

/** One more wrong try, counted in one conditional update; the tries made so far. */
export async function countWrongTry(db: DbOrTx, profileId: number): Promise<number> {
  const [row] = await db
    .update(licenceCodes)
    .set({ attempts: sql`${licenceCodes.attempts} + 1` })
    .where(eq(licenceCodes.profileId, profileId))
    .returning({ attempts: licenceCodes.attempts });
  return row?.attempts ?? 0;
}

/** Whether the lawyer proved this entry number with a code (a 'code' check that verified it). */
export async function provedByCode(db: DbOrTx, profileId: number, licenseNo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: licenceChecks.id })
    .from(licenceChecks)
    .where(
      and(
        eq(licenceChecks.profileId, profileId),
        eq(licenceChecks.source, 'code'),
        eq(licenceChecks.outcome, 'verified'),
        eq(licenceChecks.askedLicenseNo, licenseNo),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface NumberClaim {
  profileId: number;
  userId: string;
  name: string;
  email: string;
  locale: 'pl' | 'en';
  licenseNo: string;
  state: ProfileRow['licenceState'];
  method: ProfileRow['licenceMethod'];
  verifiedAt: Date | null;
  accountCreatedAt: Date;
}

/**
 * Every live account's profile giving one of these entry numbers (case-insensitive), verified
 * ones first: the claims an administrator compares, and the holder told of a new claim.
 */
export async function claimsOfNumbers(db: DbOrTx, licenseNos: string[]): Promise<NumberClaim[]> {
  const numbers = [...new Set(licenseNos.map(licenceNoKey).filter((n) => n !== ''))];
  if (numbers.length === 0) return [];
  const rows = await db
    .select({
      profileId: profiles.id,
      userId: profiles.userId,
      firstname: profiles.firstname,
      lastname: profiles.lastname,
      email: users.email,
      locale: users.locale,
      licenseNo: profiles.licenseNo,
      state: profiles.licenceState,
      method: profiles.licenceMethod,
      verifiedAt: profiles.licenceVerifiedAt,
      accountCreatedAt: users.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    // lower(): licenceNoKey in SQL (the stored numbers are trimmed already)
    .where(and(inArray(sql`lower(${profiles.licenseNo})`, numbers), isNull(users.deletedAt)))
    .orderBy(sql`${profiles.licenceState} = 'verified' desc`, asc(profiles.licenceVerifiedAt), asc(profiles.id));
  return rows.map(({ firstname, lastname, ...row }) => ({
    ...row,
    name: [firstname, lastname].filter((s) => s !== '').join(' '),
  }));
}

/** The other accounts on which this entry number is verified. */
export async function verifiedHoldersOf(db: DbOrTx, licenseNo: string, exceptProfileId: number) {
  const claims = await claimsOfNumbers(db, [licenseNo]);
  return claims.filter((c) => c.state === 'verified' && c.profileId !== exceptProfileId);
}

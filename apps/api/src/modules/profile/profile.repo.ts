import { and, asc, eq, like, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { licenceCodes, type LicenceCodeRow } from '../../db/schema/licence.ts';
import { publicPagesChanged } from '../app/public-page-cache.ts';
import {
  profileJobs,
  profileReferences,
  profiles,
  providerInvoiceData,
  type ProfileJobRow,
  type ProfileReferenceRow,
  type ProfileRow,
  type ProviderInvoiceDataRow,
} from '../../db/schema/profile.ts';

export type ProfileFields = Pick<
  ProfileRow,
  | 'firstname'
  | 'lastname'
  | 'phone'
  | 'permissions'
  | 'licenseNo'
  | 'specialization'
  | 'institution'
  | 'description'
  | 'linkedinUrl'
  | 'facebookUrl'
>;

export type JobValues = Omit<ProfileJobRow, 'id' | 'profileId' | 'position'>;
export type ReferenceValues = Omit<ProfileReferenceRow, 'id' | 'profileId' | 'position'>;

/** Makes the user's draft profile if there is none yet. */
export async function ensureProfile(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: profiles.userId });
}

export async function findProfileByUser(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** The user's profile, locked until the transaction ends, so concurrent changes queue up. */
export async function lockProfileByUser(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1).for('update');
  return row ?? null;
}

export async function findJobs(db: DbOrTx, profileId: number): Promise<ProfileJobRow[]> {
  return db
    .select()
    .from(profileJobs)
    .where(eq(profileJobs.profileId, profileId))
    .orderBy(asc(profileJobs.position));
}

export async function findReferences(db: DbOrTx, profileId: number): Promise<ProfileReferenceRow[]> {
  return db
    .select()
    .from(profileReferences)
    .where(eq(profileReferences.profileId, profileId))
    .orderBy(asc(profileReferences.position));
}

export async function updateProfile(
  db: DbOrTx,
  profileId: number,
  values: Partial<Omit<ProfileRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<void> {
  await db.update(profiles).set(values).where(eq(profiles.id, profileId));
  publicPagesChanged();
}

export async function replaceJobs(db: DbOrTx, profileId: number, jobs: JobValues[]): Promise<void> {
  await db.delete(profileJobs).where(eq(profileJobs.profileId, profileId));
  if (jobs.length > 0) {
    await db.insert(profileJobs).values(jobs.map((job, position) => ({ ...job, profileId, position })));
  }
  publicPagesChanged();
}

export async function replaceReferences(
  db: DbOrTx,
  profileId: number,
  references: ReferenceValues[],
): Promise<void> {
  await db.delete(profileReferences).where(eq(profileReferences.profileId, profileId));
  if (references.length > 0) {
    await db
      .insert(profileReferences)
      .values(references.map((reference, position) => ({ ...reference, profileId, position })));
  }
  publicPagesChanged();
}

/** Seolinks of other profiles that are `root` or `root-…`. `root` holds only [a-z0-9-]. */
export async function takenSeolinks(db: DbOrTx, root: string, exceptProfileId: number): Promise<Set<string>> {
  const rows = await db
    .select({ seolink: profiles.seolink })
    .from(profiles)
    .where(
      and(
        ne(profiles.id, exceptProfileId),
        or(eq(profiles.seolink, root), like(profiles.seolink, `${root}-%`)),
      ),
    );
  return new Set(rows.map((r) => r.seolink).filter((s): s is string => s !== null));
}

export async function findInvoiceData(db: DbOrTx, userId: string): Promise<ProviderInvoiceDataRow | null> {
  const [row] = await db
    .select()
    .from(providerInvoiceData)
    .where(eq(providerInvoiceData.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveInvoiceData(
  db: DbOrTx,
  values: Omit<ProviderInvoiceDataRow, 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<ProviderInvoiceDataRow> {
  const { userId, ...fields } = values;
  const [row] = await db
    .insert(providerInvoiceData)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: providerInvoiceData.userId, set: { ...fields, updatedAt: now } })
    .returning();
  if (!row) throw new Error(`invoice data of ${userId} not saved`);
  return row;
}

/** The one-time licence code waiting for this profile (issue 30); written by the licence module. */
export async function findLicenceCode(db: DbOrTx, profileId: number): Promise<LicenceCodeRow | null> {
  const [row] = await db.select().from(licenceCodes).where(eq(licenceCodes.profileId, profileId)).limit(1);
  return row ?? null;
}

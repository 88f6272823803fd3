import { and, eq, sql } from 'drizzle-orm';
import type { JobDto, ReferenceDto } from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import { offers, profiles, users, type OfferRow, type ProfileRow } from '../../db/schema.ts';

export interface PublicProfileRow {
  profile: ProfileRow;
  email: string;
  jobs: JobDto[];
  references: ReferenceDto[];
}

function prepareQueries(db: DbOrTx) {
  return {
    activeProfile: db
      .select({
        profile: profiles,
        email: users.email,
        jobs: sql<JobDto[]>`coalesce((
          select json_agg(json_build_object(
            'positionName', j.position_name, 'employerName', j.employer_name,
            'monthStart', j.month_start, 'yearStart', j.year_start,
            'monthEnd', j.month_end, 'yearEnd', j.year_end, 'stillWorking', j.still_working
          ) order by j.position)
          from profile_jobs j where j.profile_id = ${profiles.id}), '[]'::json)`,
        references: sql<ReferenceDto[]>`coalesce((
          select json_agg(json_build_object('author', r.author, 'description', r.description) order by r.position)
          from profile_references r where r.profile_id = ${profiles.id}), '[]'::json)`,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(profiles.seolink, sql.placeholder('seolink')), eq(profiles.status, 'active')))
      .limit(1)
      .prepare('public_profile_by_seolink'),
    profileOffer: db
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.offerUrl, sql.placeholder('offerUrl')),
          eq(offers.profileId, sql.placeholder('profileId')),
        ),
      )
      .limit(1)
      .prepare('public_profile_offer'),
  };
}

// Planning the profile query costs PostgreSQL more than running it (three times the rate when
// prepared, bench/api): named statements are planned once per pooled connection.
const preparedByDb = new WeakMap<DbOrTx, ReturnType<typeof prepareQueries>>();
function prepared(db: DbOrTx) {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = prepareQueries(db);
    preparedByDb.set(db, queries);
  }
  return queries;
}

/**
 * An active profile with its e-mail, jobs and references in one query (the public page is the
 * most visited endpoint): the lists come as JSON from correlated sub-selects.
 */
export async function findActiveProfile(db: DbOrTx, seolink: string): Promise<PublicProfileRow | null> {
  const [row] = await prepared(db).activeProfile.execute({ seolink });
  if (!row) return null;
  // Drivers differ in whether json arrives parsed.
  const parse = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  return { ...row, jobs: parse<JobDto[]>(row.jobs), references: parse<ReferenceDto[]>(row.references) };
}

export async function findProfileOffer(
  db: DbOrTx,
  profileId: number,
  offerUrl: string,
): Promise<OfferRow | null> {
  const [row] = await prepared(db).profileOffer.execute({ offerUrl, profileId });
  return row ?? null;
}

/** Every active lawyer's page for the sitemap. */
export async function listActiveSeolinks(db: DbOrTx): Promise<{ seolink: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ seolink: profiles.seolink, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(eq(profiles.status, 'active'), sql`${profiles.seolink} is not null`))
    .orderBy(profiles.seolink);
  return rows.filter((r): r is { seolink: string; updatedAt: Date } => r.seolink !== null);
}

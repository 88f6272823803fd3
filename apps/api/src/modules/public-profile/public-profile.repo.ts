import { and, eq, sql } from 'drizzle-orm';
import type { JobDto, ReferenceDto } from '@substytut/shared';

type BoardReferenceDto = { text: string; month: string };
import type { DbOrTx } from '../../db/client.ts';
import {
  deletedProfilePages,
  offers,
  profiles,
  users,
  type OfferRow,
  type ProfileRow,
} from '../../db/schema.ts';

export interface PublicProfileRow {
  profile: ProfileRow;
  email: string;
  jobs: JobDto[];
  references: ReferenceDto[];
  /** issue 32: the published references from jobs through the board, newest job first */
  boardReferences: BoardReferenceDto[];
  /** the offer named by the link, when it is this lawyer's */
  offer: OfferRow | null;
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
        boardReferences: sql<BoardReferenceDto[]>`coalesce((
          select json_agg(json_build_object('text', b.text, 'month', b.job_month) order by b.job_month desc, b.created_at desc)
          from board_references b where b.substitute_profile_id = ${profiles.id} and b.published_at is not null), '[]'::json)`,
        offer: offers,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      // Offer links are unique and at least 22 characters long, so '' joins no offer.
      .leftJoin(
        offers,
        and(eq(offers.profileId, profiles.id), eq(offers.offerUrl, sql.placeholder('offerUrl'))),
      )
      .where(and(eq(profiles.seolink, sql.placeholder('seolink')), eq(profiles.status, 'active')))
      .limit(1)
      .prepare('public_profile_by_seolink'),
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
 * An active profile with its e-mail, jobs, references and (when `offerUrl` names one of its
 * offers) that offer, in one round trip (the public page is the most visited endpoint): the lists
 * come as JSON from correlated sub-selects. Uncached: the service keeps each answer in one public
 * page cache, so that no answer is more than one cache lifetime old.
 */
export async function loadActiveProfile(
  db: DbOrTx,
  seolink: string,
  offerUrl: string | null,
): Promise<PublicProfileRow | null> {
  const [row] = await prepared(db).activeProfile.execute({ seolink, offerUrl: offerUrl ?? '' });
  if (!row) return null;
  // Drivers differ in whether json arrives parsed.
  const parse = <T>(value: unknown): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
  return {
    ...row,
    jobs: parse<JobDto[]>(row.jobs),
    references: parse<ReferenceDto[]>(row.references),
    boardReferences: parse<BoardReferenceDto[]>(row.boardReferences),
  };
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

/** Whether a lawyer with this seolink deleted their account (their page answers 410 Gone). */
export async function isDeletedProfilePage(db: DbOrTx, seolink: string): Promise<boolean> {
  const rows = await db
    .select({ seolink: deletedProfilePages.seolink })
    .from(deletedProfilePages)
    .where(eq(deletedProfilePages.seolink, seolink))
    .limit(1);
  return rows.length > 0;
}

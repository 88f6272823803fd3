import { slugify } from '../seolink.ts';
import { COURTS_SNAPSHOT } from './courts-snapshot.ts';

/**
 * Polish common courts (sądy powszechne) as reference data for the hearing on an offer. The list
 * itself is `courts-snapshot.ts`, whose header says where it came from, its date and its licence;
 * `scripts/refresh-courts.ts` rebuilds it from the downloaded file of dane.gov.pl dataset 985
 * "Lista sądów powszechnych" with the functions below, so a court keeps its id across refreshes.
 */

/** SA: appellate court (apelacyjny), SO: regional (okręgowy), SR: district (rejonowy). */
export const COURT_KINDS = ['SA', 'SO', 'SR'] as const;
export type CourtKind = (typeof COURT_KINDS)[number];

export interface Court {
  /** Stable id: the slug of the court's official name (see courtIdOf). */
  readonly id: string;
  /** The official name, e.g. 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie'. */
  readonly name: string;
  /** The seat in the nominative, e.g. 'Warszawa'. */
  readonly city: string;
  readonly kind: CourtKind;
}

/** 'Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie' → 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie'. */
export function courtIdOf(name: string): string {
  return slugify(name);
}

/** The kind of a court from its official name; null for a name that is not a common court's. */
export function courtKindOf(name: string): CourtKind | null {
  if (/^Sąd Apelacyjny\b/i.test(name)) return 'SA';
  if (/^Sąd Okręgowy\b/i.test(name)) return 'SO';
  if (/^Sąd Rejonowy\b/i.test(name)) return 'SR';
  return null;
}

export const COURTS: readonly Court[] = COURTS_SNAPSHOT.courts;

const byId = new Map(COURTS.map((court) => [court.id, court]));

export function findCourt(id: string): Court | undefined {
  return byId.get(id);
}

export const isCourtId = (id: string): boolean => byId.has(id);

/**
 * Courts whose name or city holds every word of the query (case and Polish letters ignored), in
 * the list's order; the whole list for an empty query.
 */
export function searchCourts(query: string, courts: readonly Court[] = COURTS): Court[] {
  const words = slugify(query).split('-').filter(Boolean);
  if (words.length === 0) return [...courts];
  return courts.filter((court) => {
    const text = slugify(`${court.name} ${court.city}`);
    return words.every((word) => text.includes(word));
  });
}

/** Where the list came from, shown nowhere but kept with the data (and checked by a test). */
export const COURTS_SOURCE = {
  dataset: COURTS_SNAPSHOT.dataset,
  url: COURTS_SNAPSHOT.url,
  licence: COURTS_SNAPSHOT.licence,
  retrieved: COURTS_SNAPSHOT.retrieved,
  complete: COURTS_SNAPSHOT.complete,
} as const;

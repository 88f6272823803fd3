import { COURT_DIVISIONS, COURT_TREE } from './reference-data/court-hierarchy.generated.ts';
import { COURTS, findCourt } from './reference-data/courts.ts';

/**
 * Where a court sits (district → regional → appellate court) and its divisions, from the court
 * codes of SAOS reconciled with the product's court list (reference-data/court-hierarchy.generated.ts,
 * written by scripts/court-hierarchy.ts; its header names the source, licence and decisions). An
 * area (for alerts) is named by its regional or appellate court's id and holds that court and every
 * court below it.
 */

export interface CourtDivision {
  /** the Ministry of Justice's 7-digit division code */
  code: string;
  name: string;
}

/** The court one level up; null for an appellate court or an unknown id. */
export function parentCourtOf(id: string): string | null {
  return COURT_TREE[id]?.[1] ?? null;
}

/** The 8-digit court code; null when the court is not in the source file (created since). */
export function courtCodeOf(id: string): string | null {
  return COURT_TREE[id]?.[0] ?? null;
}

/** The regional court whose area holds the court (itself for a regional court); null above or unknown. */
export function regionalAreaOf(id: string): string | null {
  const kind = findCourt(id)?.kind;
  if (kind === 'SO') return id;
  if (kind === 'SR') return parentCourtOf(id);
  return null;
}

/** The appellate court whose area holds the court (itself for an appellate court). */
export function appellateAreaOf(id: string): string | null {
  const kind = findCourt(id)?.kind;
  if (kind === 'SA') return id;
  if (kind === 'SO') return parentCourtOf(id);
  if (kind === 'SR') {
    const regional = parentCourtOf(id);
    return regional ? parentCourtOf(regional) : null;
  }
  return null;
}

let areas: Map<string, string[]> | undefined;

/** Built on first use, so a page that never asks keeps nothing of it. */
function areaIndex(): Map<string, string[]> {
  if (areas) return areas;
  const index = new Map<string, string[]>();
  const add = (area: string | null, id: string) => {
    if (!area) return;
    const list = index.get(area) ?? [];
    list.push(id);
    index.set(area, list);
  };
  for (const court of COURTS) {
    if (court.kind === 'SR') add(regionalAreaOf(court.id), court.id);
    if (court.kind !== 'SA') add(appellateAreaOf(court.id), court.id);
    if (court.kind !== 'SR') add(court.id, court.id);
  }
  areas = index;
  return index;
}

/**
 * Every court of an area (regional or appellate court id): the court itself and every court below
 * it, in the list's order; [] for a district court or an unknown id.
 */
export function courtsInArea(areaCourtId: string): readonly string[] {
  return areaIndex().get(areaCourtId) ?? [];
}

/** Whether the id names an area: a regional or an appellate court. */
export function isAreaCourtId(id: string): boolean {
  const kind = findCourt(id)?.kind;
  return kind === 'SO' || kind === 'SA';
}

/** Every area's court id (appellate and regional courts), in the list's order. */
export function areaCourtIds(): string[] {
  return COURTS.filter((c) => c.kind !== 'SR').map((c) => c.id);
}

/** The divisions of a court, for the posting form; [] where the source has none (then typed). */
export function divisionsOf(courtId: string): CourtDivision[] {
  return (COURT_DIVISIONS[courtId] ?? []).map(([code, name]) => ({ code, name }));
}

/** The cities that have a court, once each, in the list's order (alerts cover a city by name). */
export function courtCities(): string[] {
  return [...new Set(COURTS.map((c) => c.city))];
}

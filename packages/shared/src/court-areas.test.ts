import { describe, expect, it } from 'vitest';
import { COURTS, findCourt } from './reference-data/courts.ts';
import { COURT_HIERARCHY_SOURCE, COURT_TREE } from './reference-data/court-hierarchy.generated.ts';
import {
  appellateAreaOf,
  areaCourtIds,
  courtsInArea,
  courtCodeOf,
  divisionsOf,
  isAreaCourtId,
  parentCourtOf,
  regionalAreaOf,
} from './court-areas.ts';

const MOKOTOW = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
const SO_WARSZAWA = 'sad-okregowy-w-warszawie';
const SA_WARSZAWA = 'sad-apelacyjny-w-warszawie';
const SR_KRAKOW = 'sad-rejonowy-dla-krakowa-srodmiescia-w-krakowie';

describe('court hierarchy (SAOS codes reconciled with the court list)', () => {
  it('a Warsaw district court lies in the Warsaw regional and appellate areas', () => {
    expect(findCourt(MOKOTOW)).toBeDefined();
    expect(parentCourtOf(MOKOTOW)).toBe(SO_WARSZAWA);
    expect(regionalAreaOf(MOKOTOW)).toBe(SO_WARSZAWA);
    expect(appellateAreaOf(MOKOTOW)).toBe(SA_WARSZAWA);
    expect(courtsInArea(SO_WARSZAWA)).toContain(MOKOTOW);
    expect(courtsInArea(SA_WARSZAWA)).toContain(MOKOTOW);
  });

  it("Kraków's courts lie in neither Warsaw area", () => {
    expect(findCourt(SR_KRAKOW)).toBeDefined();
    expect(regionalAreaOf(SR_KRAKOW)).toBe('sad-okregowy-w-krakowie');
    expect(appellateAreaOf(SR_KRAKOW)).toBe('sad-apelacyjny-w-krakowie');
    for (const area of [SO_WARSZAWA, SA_WARSZAWA]) {
      expect(courtsInArea(area)).not.toContain(SR_KRAKOW);
      expect(courtsInArea(area)).not.toContain('sad-okregowy-w-krakowie');
    }
  });

  it('an area holds its own court and everything below it; a regional court is in its appellate area', () => {
    expect(courtsInArea(SO_WARSZAWA)).toContain(SO_WARSZAWA);
    expect(courtsInArea(SA_WARSZAWA)).toEqual(
      expect.arrayContaining([SA_WARSZAWA, SO_WARSZAWA, 'sad-okregowy-warszawa-praga-w-warszawie']),
    );
    expect(regionalAreaOf(SO_WARSZAWA)).toBe(SO_WARSZAWA);
    expect(appellateAreaOf(SO_WARSZAWA)).toBe(SA_WARSZAWA);
    expect(appellateAreaOf(SA_WARSZAWA)).toBe(SA_WARSZAWA);
    expect(regionalAreaOf(SA_WARSZAWA)).toBeNull();
    expect(courtsInArea(MOKOTOW)).toEqual([]);
  });

  it('the code gives the hierarchy: every coded court sits under the court its digits name', () => {
    for (const court of COURTS) {
      const code = courtCodeOf(court.id);
      const parent = parentCourtOf(court.id);
      if (!code || !parent) continue;
      const parentCode = courtCodeOf(parent);
      if (!parentCode) continue;
      if (court.kind === 'SR') expect(parentCode.slice(0, 6)).toBe(code.slice(0, 6));
      if (court.kind === 'SO') expect(parentCode).toBe(`${code.slice(0, 4)}0000`);
    }
    expect(courtCodeOf(SA_WARSZAWA)).toMatch(/^15\d\d0000$/);
  });

  it('every court of the list has a place: district under regional, regional under appellate', () => {
    expect(Object.keys(COURT_TREE).sort()).toEqual(COURTS.map((c) => c.id).sort());
    for (const court of COURTS) {
      const parent = parentCourtOf(court.id);
      if (court.kind === 'SA') expect(parent).toBeNull();
      if (court.kind === 'SO') expect(findCourt(parent ?? '')?.kind).toBe('SA');
      if (court.kind === 'SR') expect(findCourt(parent ?? '')?.kind).toBe('SO');
    }
  });

  it('courts the 2017 file lacks: new regional courts, renamed seats, recorded decisions', () => {
    expect(appellateAreaOf('sad-okregowy-w-rybniku')).toBe('sad-apelacyjny-w-katowicach');
    expect(parentCourtOf('sad-rejonowy-w-rybniku')).toBe('sad-okregowy-w-rybniku');
    expect(courtCodeOf('sad-rejonowy-w-stargardzie')).toBe('15551525');
    expect(parentCourtOf('sad-rejonowy-w-kolnie')).toBe('sad-okregowy-w-lomzy');
    expect(COURT_HIERARCHY_SOURCE.licence).toMatch(/GPL-3\.0/);
    expect(COURT_HIERARCHY_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('areas are regional and appellate courts only', () => {
    expect(isAreaCourtId(SO_WARSZAWA)).toBe(true);
    expect(isAreaCourtId(SA_WARSZAWA)).toBe(true);
    expect(isAreaCourtId(MOKOTOW)).toBe(false);
    expect(isAreaCourtId('no-such-court')).toBe(false);
    expect(areaCourtIds()).toHaveLength(COURTS.filter((c) => c.kind !== 'SR').length);
  });

  it('divisions of a court, for the posting form; none for an unknown one', () => {
    const divisions = divisionsOf(MOKOTOW);
    expect(divisions.length).toBeGreaterThan(3);
    expect(divisions[0]).toEqual({
      code: expect.stringMatching(/^\d{7}$/),
      name: expect.stringMatching(/Wydział/),
    });
    expect(divisionsOf('no-such-court')).toEqual([]);
    expect(divisionsOf('sad-okregowy-w-rybniku')).toEqual([]);
  });
});

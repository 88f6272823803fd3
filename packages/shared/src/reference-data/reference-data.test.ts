import { describe, expect, it } from 'vitest';
import {
  BAR_CHAMBERS,
  INSTITUTIONS,
  INSTITUTION_IDS,
  LEGAL_COUNSEL_CHAMBERS,
  PROFESSIONAL_TYPES,
  SPECIALIZATIONS,
  findInstitution,
  institutionsForProfessionalType,
  isSpecializationId,
  joinSpecializations,
  splitSpecializations,
} from './index.ts';

const unique = (ids: readonly string[]) => new Set(ids).size === ids.length;

describe('reference data', () => {
  it('has the four professional types with both names', () => {
    expect(PROFESSIONAL_TYPES.map((t) => t.pl)).toEqual([
      'Radca prawny',
      'Adwokat',
      'Aplikant radcowski',
      'Aplikant adwokacki',
    ]);
    expect(PROFESSIONAL_TYPES.map((t) => t.en)).toEqual([
      'Legal counsel',
      'Advocate',
      'Trainee legal counsel',
      'Trainee advocate',
    ]);
  });

  it('has 19 chambers of legal counsel and 24 bar chambers, ids unique', () => {
    expect(LEGAL_COUNSEL_CHAMBERS).toHaveLength(19);
    expect(BAR_CHAMBERS).toHaveLength(24);
    expect(INSTITUTIONS).toHaveLength(43);
    expect(unique(INSTITUTION_IDS)).toBe(true);
    expect(unique(INSTITUTIONS.map((i) => i.pl))).toBe(true);
    expect(unique(INSTITUTIONS.map((i) => i.en))).toBe(true);
  });

  it.each([
    [
      'oirp-warszawa',
      'Okręgowa Izba Radców Prawnych w Warszawie',
      'Regional Chamber of Legal Counsel in Warsaw',
    ],
    [
      'oirp-zielona-gora',
      'Okręgowa Izba Radców Prawnych w Zielonej Górze',
      'Regional Chamber of Legal Counsel in Zielona Góra',
    ],
    ['ia-bielsko-biala', 'Izba Adwokacka w Bielsku-Białej', 'Bar Association in Bielsko-Biała'],
    ['ia-lodz', 'Izba Adwokacka w Łodzi', 'Bar Association in Łódź'],
  ])('%s is %s', (id, pl, en) => {
    expect(findInstitution(id)).toMatchObject({ pl, en });
  });

  it('matches chambers to professional types', () => {
    expect(institutionsForProfessionalType('radca-prawny')).toEqual(LEGAL_COUNSEL_CHAMBERS);
    expect(institutionsForProfessionalType('aplikant-radcowski')).toEqual(LEGAL_COUNSEL_CHAMBERS);
    expect(institutionsForProfessionalType('adwokat')).toEqual(BAR_CHAMBERS);
    expect(institutionsForProfessionalType('aplikant-adwokacki')).toEqual(BAR_CHAMBERS);
  });

  it('has about 50 specializations with unique ids and names', () => {
    expect(SPECIALIZATIONS.length).toBeGreaterThanOrEqual(45);
    expect(SPECIALIZATIONS.length).toBeLessThanOrEqual(55);
    expect(unique(SPECIALIZATIONS.map((s) => s.id))).toBe(true);
    expect(unique(SPECIALIZATIONS.map((s) => s.pl))).toBe(true);
    expect(unique(SPECIALIZATIONS.map((s) => s.en))).toBe(true);
    for (const s of SPECIALIZATIONS) expect(s.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(isSpecializationId('prawo-cywilne')).toBe(true);
    expect(isSpecializationId('prawo-kosmiczne')).toBe(false);
  });

  it.each([
    [['prawo-cywilne', 'prawo-karne'], 'prawo-cywilne, prawo-karne'],
    [['prawo-pracy'], 'prawo-pracy'],
    [[], ''],
  ])('stores %j as %j and reads it back', (ids, stored) => {
    expect(joinSpecializations(ids)).toBe(stored);
    expect(splitSpecializations(stored)).toEqual(ids);
  });
});

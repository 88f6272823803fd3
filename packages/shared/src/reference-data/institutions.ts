import { PROFESSIONAL_TYPES, type ProfessionalTypeId } from './professional-types.ts';

/** Legal counsel belong to a regional chamber of legal counsel; advocates to a bar chamber. */
export type ChamberKind = 'legal-counsel' | 'advocates';

export interface Institution {
  readonly id: string;
  readonly kind: ChamberKind;
  readonly pl: string;
  readonly en: string;
}

// [id suffix, Polish locative as in the chamber's name, English city name]
const LEGAL_COUNSEL_CITIES = [
  ['bialystok', 'Białymstoku', 'Białystok'],
  ['bydgoszcz', 'Bydgoszczy', 'Bydgoszcz'],
  ['gdansk', 'Gdańsku', 'Gdańsk'],
  ['katowice', 'Katowicach', 'Katowice'],
  ['kielce', 'Kielcach', 'Kielce'],
  ['koszalin', 'Koszalinie', 'Koszalin'],
  ['krakow', 'Krakowie', 'Kraków'],
  ['lublin', 'Lublinie', 'Lublin'],
  ['lodz', 'Łodzi', 'Łódź'],
  ['olsztyn', 'Olsztynie', 'Olsztyn'],
  ['opole', 'Opolu', 'Opole'],
  ['poznan', 'Poznaniu', 'Poznań'],
  ['rzeszow', 'Rzeszowie', 'Rzeszów'],
  ['szczecin', 'Szczecinie', 'Szczecin'],
  ['torun', 'Toruniu', 'Toruń'],
  ['walbrzych', 'Wałbrzychu', 'Wałbrzych'],
  ['warszawa', 'Warszawie', 'Warsaw'],
  ['wroclaw', 'Wrocławiu', 'Wrocław'],
  ['zielona-gora', 'Zielonej Górze', 'Zielona Góra'],
] as const;

const BAR_CITIES = [
  ['bialystok', 'Białymstoku', 'Białystok'],
  ['bielsko-biala', 'Bielsku-Białej', 'Bielsko-Biała'],
  ['bydgoszcz', 'Bydgoszczy', 'Bydgoszcz'],
  ['czestochowa', 'Częstochowie', 'Częstochowa'],
  ['gdansk', 'Gdańsku', 'Gdańsk'],
  ['katowice', 'Katowicach', 'Katowice'],
  ['kielce', 'Kielcach', 'Kielce'],
  ['koszalin', 'Koszalinie', 'Koszalin'],
  ['krakow', 'Krakowie', 'Kraków'],
  ['lublin', 'Lublinie', 'Lublin'],
  ['lodz', 'Łodzi', 'Łódź'],
  ['olsztyn', 'Olsztynie', 'Olsztyn'],
  ['opole', 'Opolu', 'Opole'],
  ['plock', 'Płocku', 'Płock'],
  ['poznan', 'Poznaniu', 'Poznań'],
  ['radom', 'Radomiu', 'Radom'],
  ['rzeszow', 'Rzeszowie', 'Rzeszów'],
  ['siedlce', 'Siedlcach', 'Siedlce'],
  ['szczecin', 'Szczecinie', 'Szczecin'],
  ['torun', 'Toruniu', 'Toruń'],
  ['walbrzych', 'Wałbrzychu', 'Wałbrzych'],
  ['warszawa', 'Warszawie', 'Warsaw'],
  ['wroclaw', 'Wrocławiu', 'Wrocław'],
  ['zielona-gora', 'Zielonej Górze', 'Zielona Góra'],
] as const;

/** The 19 regional chambers of legal counsel (OIRP). */
export const LEGAL_COUNSEL_CHAMBERS: readonly Institution[] = LEGAL_COUNSEL_CITIES.map(([id, pl, en]) => ({
  id: `oirp-${id}`,
  kind: 'legal-counsel',
  pl: `Okręgowa Izba Radców Prawnych w ${pl}`,
  en: `Regional Chamber of Legal Counsel in ${en}`,
}));

/** The 24 bar chambers of advocates (izby adwokackie). */
export const BAR_CHAMBERS: readonly Institution[] = BAR_CITIES.map(([id, pl, en]) => ({
  id: `ia-${id}`,
  kind: 'advocates',
  pl: `Izba Adwokacka w ${pl}`,
  en: `Bar Association in ${en}`,
}));

export const INSTITUTIONS: readonly Institution[] = [...LEGAL_COUNSEL_CHAMBERS, ...BAR_CHAMBERS];
export const INSTITUTION_IDS: readonly string[] = INSTITUTIONS.map((i) => i.id);

export function findInstitution(id: string): Institution | undefined {
  return INSTITUTIONS.find((i) => i.id === id);
}

/** A legal counsel (or trainee) belongs to an OIRP, an advocate (or trainee) to a bar chamber. */
export function institutionsForProfessionalType(typeId: ProfessionalTypeId): readonly Institution[] {
  const kind = PROFESSIONAL_TYPES.find((t) => t.id === typeId)?.chamber;
  return INSTITUTIONS.filter((i) => i.kind === kind);
}

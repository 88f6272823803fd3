/** About 50 areas of law a lawyer can list under specialization (spec 9). */
export const SPECIALIZATIONS = [
  { id: 'prawo-cywilne', pl: 'Prawo cywilne', en: 'Civil law' },
  { id: 'prawo-karne', pl: 'Prawo karne', en: 'Criminal law' },
  { id: 'prawo-rodzinne', pl: 'Prawo rodzinne i opiekuńcze', en: 'Family and guardianship law' },
  { id: 'prawo-pracy', pl: 'Prawo pracy', en: 'Labour law' },
  { id: 'prawo-gospodarcze', pl: 'Prawo gospodarcze', en: 'Business law' },
  { id: 'prawo-administracyjne', pl: 'Prawo administracyjne', en: 'Administrative law' },
  { id: 'prawo-podatkowe', pl: 'Prawo podatkowe', en: 'Tax law' },
  { id: 'prawo-handlowe', pl: 'Prawo handlowe', en: 'Commercial law' },
  { id: 'prawo-spolek', pl: 'Prawo spółek', en: 'Company law' },
  { id: 'prawo-upadlosciowe', pl: 'Prawo upadłościowe', en: 'Insolvency law' },
  { id: 'prawo-restrukturyzacyjne', pl: 'Prawo restrukturyzacyjne', en: 'Restructuring law' },
  { id: 'prawo-nieruchomosci', pl: 'Prawo nieruchomości', en: 'Real estate law' },
  { id: 'prawo-budowlane', pl: 'Prawo budowlane', en: 'Construction law' },
  { id: 'prawo-spadkowe', pl: 'Prawo spadkowe', en: 'Inheritance law' },
  { id: 'prawo-ubezpieczen-spolecznych', pl: 'Prawo ubezpieczeń społecznych', en: 'Social security law' },
  { id: 'prawo-ubezpieczeniowe', pl: 'Prawo ubezpieczeniowe', en: 'Insurance law' },
  { id: 'prawo-bankowe', pl: 'Prawo bankowe', en: 'Banking law' },
  { id: 'prawo-finansowe', pl: 'Prawo finansowe', en: 'Financial law' },
  { id: 'prawo-rynku-kapitalowego', pl: 'Prawo rynku kapitałowego', en: 'Capital markets law' },
  { id: 'prawo-konsumenckie', pl: 'Prawo konsumenckie', en: 'Consumer law' },
  { id: 'prawo-konkurencji', pl: 'Prawo konkurencji', en: 'Competition law' },
  {
    id: 'prawo-wlasnosci-intelektualnej',
    pl: 'Prawo własności intelektualnej',
    en: 'Intellectual property law',
  },
  { id: 'prawo-autorskie', pl: 'Prawo autorskie', en: 'Copyright law' },
  { id: 'prawo-nowych-technologii', pl: 'Prawo nowych technologii', en: 'Technology law' },
  { id: 'ochrona-danych-osobowych', pl: 'Ochrona danych osobowych', en: 'Personal data protection' },
  { id: 'prawo-medyczne', pl: 'Prawo medyczne', en: 'Medical law' },
  { id: 'prawo-farmaceutyczne', pl: 'Prawo farmaceutyczne', en: 'Pharmaceutical law' },
  { id: 'prawo-ochrony-srodowiska', pl: 'Prawo ochrony środowiska', en: 'Environmental law' },
  { id: 'prawo-energetyczne', pl: 'Prawo energetyczne', en: 'Energy law' },
  { id: 'prawo-zamowien-publicznych', pl: 'Prawo zamówień publicznych', en: 'Public procurement law' },
  { id: 'prawo-transportowe', pl: 'Prawo transportowe', en: 'Transport law' },
  { id: 'prawo-morskie', pl: 'Prawo morskie', en: 'Maritime law' },
  { id: 'prawo-telekomunikacyjne', pl: 'Prawo telekomunikacyjne', en: 'Telecommunications law' },
  { id: 'prawo-prasowe', pl: 'Prawo prasowe i mediów', en: 'Media and press law' },
  { id: 'prawo-sportowe', pl: 'Prawo sportowe', en: 'Sports law' },
  { id: 'prawo-rolne', pl: 'Prawo rolne', en: 'Agricultural law' },
  { id: 'prawo-unii-europejskiej', pl: 'Prawo Unii Europejskiej', en: 'European Union law' },
  { id: 'prawo-miedzynarodowe', pl: 'Prawo międzynarodowe', en: 'International law' },
  { id: 'prawo-migracyjne', pl: 'Prawo migracyjne', en: 'Immigration law' },
  { id: 'prawo-karne-skarbowe', pl: 'Prawo karne skarbowe', en: 'Fiscal criminal law' },
  { id: 'prawo-wykroczen', pl: 'Prawo wykroczeń', en: 'Petty offences law' },
  { id: 'prawo-karne-gospodarcze', pl: 'Prawo karne gospodarcze', en: 'Business criminal law' },
  { id: 'prawo-konstytucyjne', pl: 'Prawo konstytucyjne', en: 'Constitutional law' },
  { id: 'prawo-samorzadowe', pl: 'Prawo samorządu terytorialnego', en: 'Local government law' },
  { id: 'prawo-odszkodowawcze', pl: 'Prawo odszkodowawcze', en: 'Compensation and damages law' },
  { id: 'windykacja-i-egzekucja', pl: 'Windykacja i egzekucja', en: 'Debt collection and enforcement' },
  { id: 'postepowanie-cywilne', pl: 'Postępowanie cywilne', en: 'Civil procedure' },
  { id: 'postepowanie-karne', pl: 'Postępowanie karne', en: 'Criminal procedure' },
  {
    id: 'postepowanie-sadowoadministracyjne',
    pl: 'Postępowanie sądowoadministracyjne',
    en: 'Administrative court proceedings',
  },
  { id: 'mediacje-i-arbitraz', pl: 'Mediacje i arbitraż', en: 'Mediation and arbitration' },
] as const;

export type SpecializationId = (typeof SPECIALIZATIONS)[number]['id'];
export const SPECIALIZATION_IDS = SPECIALIZATIONS.map((s) => s.id) as [
  SpecializationId,
  ...SpecializationId[],
];

export function isSpecializationId(value: string): value is SpecializationId {
  return (SPECIALIZATION_IDS as readonly string[]).includes(value);
}

/**
 * Spec 3 stores several specializations as one string joined by comma and space; these convert
 * between that storage form and the id arrays the API and forms use.
 */
export const SPECIALIZATION_SEPARATOR = ', ';

export function joinSpecializations(ids: readonly string[]): string {
  return ids.join(SPECIALIZATION_SEPARATOR);
}

export function splitSpecializations(stored: string): string[] {
  return stored
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The four professional types of spec 6 (the profile's `permissions`). */
export const PROFESSIONAL_TYPES = [
  { id: 'radca-prawny', chamber: 'legal-counsel', pl: 'Radca prawny', en: 'Legal counsel' },
  { id: 'adwokat', chamber: 'advocates', pl: 'Adwokat', en: 'Advocate' },
  {
    id: 'aplikant-radcowski',
    chamber: 'legal-counsel',
    pl: 'Aplikant radcowski',
    en: 'Trainee legal counsel',
  },
  { id: 'aplikant-adwokacki', chamber: 'advocates', pl: 'Aplikant adwokacki', en: 'Trainee advocate' },
] as const;

export type ProfessionalTypeId = (typeof PROFESSIONAL_TYPES)[number]['id'];
export const PROFESSIONAL_TYPE_IDS = PROFESSIONAL_TYPES.map((t) => t.id) as [
  ProfessionalTypeId,
  ...ProfessionalTypeId[],
];

/** Who grants a substitution or an authorisation: a full member of the bar (the substitution document). */
export const GRANTOR_TYPES = ['adwokat', 'radca-prawny'] as const satisfies readonly ProfessionalTypeId[];
export type GrantorType = (typeof GRANTOR_TYPES)[number];

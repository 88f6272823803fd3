import { z } from 'zod';
import {
  GRANTOR_TYPES,
  PROFESSIONAL_TYPES,
  type GrantorType,
} from './reference-data/professional-types.ts';
import { licenceNoIssue, normaliseLicenceNo } from './licence.ts';
import { requiredText } from './validation/fields.ts';

/**
 * The substitution document of a paid offer (issue 24, decision 021). Who may grant what:
 * - an advocate or a legal counsel substitutes another advocate or legal counsel with a
 *   "pełnomocnictwo substytucyjne" (art. 91 pkt 3 k.p.c.);
 * - a trainee is not substituted but authorised ("upoważnienie"): a trainee advocate by an
 *   advocate (art. 77 ustawy Prawo o adwokaturze), a trainee legal counsel by a legal counsel
 *   (art. 35¹ ustawy o radcach prawnych).
 * So only an advocate or a legal counsel grants, and a trainee only from their own profession.
 */

export { GRANTOR_TYPES, type GrantorType };

export const GRANTOR_NAME_MAX_LENGTH = 200;
// Entry numbers: the profile's rules (licence.ts), e.g. 'WAW/Adw/1234' or 'WA-14592'.
export const GRANTOR_LICENCE_MAX_LENGTH = 50;
export const GRANTOR_ADDRESS_MAX_LENGTH = 300;

/**
 * Step 2: the client says they are the lawyer who grants the substitution (all four fields). The
 * entry number follows the same rules as a profile's, for the grantor's profession, and is kept
 * normalised as the document prints it.
 */
export const grantorSchema = z
  .object({
    name: requiredText({
      required: 'validation.grantorNameRequired',
      min: 3,
      max: GRANTOR_NAME_MAX_LENGTH,
      name: true,
    }),
    professional_type: z.enum(GRANTOR_TYPES, { error: 'validation.grantorTypeInvalid' }),
    license_no: requiredText({
      required: 'validation.grantorLicenceRequired',
      max: GRANTOR_LICENCE_MAX_LENGTH,
    }),
    office_address: requiredText({
      required: 'validation.grantorAddressRequired',
      min: 5,
      max: GRANTOR_ADDRESS_MAX_LENGTH,
    }),
  })
  .superRefine((grantor, ctx) => {
    const issue = licenceNoIssue(grantor.professional_type, grantor.license_no);
    if (issue) ctx.addIssue({ code: 'custom', path: ['license_no'], message: issue });
  })
  .transform((grantor) => ({
    ...grantor,
    license_no: normaliseLicenceNo(grantor.professional_type, grantor.license_no),
  }));
export type Grantor = z.infer<typeof grantorSchema>;

export type SubstitutionDocumentKind = 'substitution' | 'authorisation';

/** The document a substitute of this professional type receives; null for a type the app does not know. */
export function substitutionDocumentKind(substituteType: string): SubstitutionDocumentKind | null {
  switch (substituteType) {
    case 'adwokat':
    case 'radca-prawny':
      return 'substitution';
    case 'aplikant-adwokacki':
    case 'aplikant-radcowski':
      return 'authorisation';
    default:
      return null;
  }
}

/** The grantor an authorised trainee needs: an advocate for a trainee advocate, a legal counsel for a trainee legal counsel. */
const TRAINEE_PATRON: Partial<Record<string, GrantorType>> = {
  'aplikant-adwokacki': 'adwokat',
  'aplikant-radcowski': 'radca-prawny',
};

/** Whether this grantor may issue the substitute's document (either lawyer may substitute the other). */
export function grantorFitsSubstitute(grantorType: GrantorType, substituteType: string): boolean {
  const patron = TRAINEE_PATRON[substituteType];
  return patron === undefined || patron === grantorType;
}

/** The grantor's professional type as the document writes it. */
export function professionalTypeLabel(id: string, locale: 'pl' | 'en' = 'pl'): string | null {
  return PROFESSIONAL_TYPES.find((t) => t.id === id)?.[locale] ?? null;
}

/** Stamp duty on filing a power of attorney (ustawa o opłacie skarbowej, załącznik część IV), in grosze. */
export const POWER_OF_ATTORNEY_STAMP_DUTY_GROSZE = 1700;

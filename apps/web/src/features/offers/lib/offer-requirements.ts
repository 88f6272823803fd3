import type { ProfileDto } from '@substytut/shared';
import type { OfferRequirements } from '@/lib/licence';

export const REQUIREMENT_IDS = ['profile_active', 'payment_account', 'licence_verified'] as const;
export type RequirementId = (typeof REQUIREMENT_IDS)[number];

/**
 * What creating an offer still waits for (issue 22: an active profile, a payment account and a
 * verified licence), as the server worked it out.
 */
export function offerRequirements(profile: Pick<ProfileDto, 'offer_requirements'>): OfferRequirements {
  return profile.offer_requirements;
}

export function missingRequirements(requirements: OfferRequirements): RequirementId[] {
  return REQUIREMENT_IDS.filter((id) => !requirements[id]);
}

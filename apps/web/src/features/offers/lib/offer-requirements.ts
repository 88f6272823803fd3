import type { ProfileDto } from '@substytut/shared';
import type { OfferRequirements, WithLicence } from '@/lib/licence';

export const REQUIREMENT_IDS = ['profile_active', 'payment_account', 'licence_verified'] as const;
export type RequirementId = (typeof REQUIREMENT_IDS)[number];

/**
 * What creating an offer still waits for (issue 22: an active profile, a payment account and a
 * verified licence). A server without `offer_requirements` knows only the profile's status.
 */
export function offerRequirements(profile: WithLicence<ProfileDto>): OfferRequirements {
  if (profile.offer_requirements) return profile.offer_requirements;
  const active = profile.status === 'active';
  return { profile_active: active, payment_account: active, licence_verified: true };
}

export function missingRequirements(requirements: OfferRequirements): RequirementId[] {
  return REQUIREMENT_IDS.filter((id) => !requirements[id]);
}

import { divisionsOf } from '@substytut/shared/court-areas';

/**
 * The divisions of a court from the Ministry of Justice's court codes (b32-alerts' reference
 * data, decision 040); [] where the source has none, and the form then asks for the division as
 * text (decision 042).
 */
export function divisionOptions(courtId: string): readonly string[] {
  return courtId ? divisionsOf(courtId).map((division) => division.name) : [];
}

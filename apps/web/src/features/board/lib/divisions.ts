/**
 * The divisions of a court from the Ministry of Justice's court codes (b32-alerts builds them in
 * packages/shared/src/reference-data). Until that list is in, no court has one and the posting
 * form asks for the division as text; once it is, this function returns it and the form shows a
 * list instead (decision 042).
 */
export function divisionOptions(courtId: string): readonly string[] {
  void courtId;
  return [];
}

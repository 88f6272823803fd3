/** Polish postal code, XX-XXX. */
export const POSTCODE_PATTERN = /^\d{2}-\d{3}$/;

export function isValidPostcode(input: string): boolean {
  return POSTCODE_PATTERN.test(input);
}

/**
 * The postcode field while it is typed (issue 34): five digits, with or without a space between the
 * second and the third ('00916', '00 916'), become '00-916'; anything else stays as typed, so a
 * half-typed code and the dash the person types themselves are left alone.
 */
export function formatPostcodeAsTyped(input: string): string {
  return /^\s*\d{2}\s?\d{3}\s*$/.test(input) ? normalizePostcode(input) : input;
}

/**
 * Brings '00950' or '00 950' (as registries such as GUS may return them) to '00-950'; anything
 * that is not five digits is returned trimmed and otherwise unchanged, for validation to refuse.
 */
export function normalizePostcode(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[\s-]/g, '');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : trimmed;
}

/** Polish postal code, XX-XXX. */
export const POSTCODE_PATTERN = /^\d{2}-\d{3}$/;

export function isValidPostcode(input: string): boolean {
  return POSTCODE_PATTERN.test(input);
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

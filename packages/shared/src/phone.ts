/**
 * Phone rule of the profile form (spec 5): an optional plus, a first digit 1-9, up to 15 digits in
 * total (the E.164 shape). Spaces, dashes and brackets people type for readability are ignored.
 */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, '');
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}

/**
 * Display of spec 2: digits only, a leading 48 dropped when there are more than 9 digits, then
 * '+48 ' and groups of three ('48123456789' -> '+48 123 456 789').
 */
export function formatPhoneDisplay(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.length > 9 && digits.startsWith('48')) digits = digits.slice(2);
  const groups = digits.match(/\d{1,3}/g) ?? [];
  return `+48 ${groups.join(' ')}`;
}

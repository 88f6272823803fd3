import { stripFormatCharacters } from './text.ts';

/** NIP, the Polish tax identification number: 10 digits, the last one a weighted checksum. */

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/**
 * Strips an EU 'PL' prefix, spaces and dashes, as people copy NIPs from invoices. NFKC first turns
 * full-width digits and letters ('１２３', 'ＰＬ') into plain ones; invisible format characters go.
 */
export function normalizeNip(input: string): string {
  return stripFormatCharacters(input.normalize('NFKC'))
    .trim()
    .replace(/^pl/i, '')
    .replace(/[\s\p{Pd}]/gu, '');
}

/** True for exactly ten digits whose weighted sum mod 11 equals the last digit. */
export function isValidNipChecksum(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < NIP_WEIGHTS.length; i++) sum += Number(digits[i]) * NIP_WEIGHTS[i]!;
  // A remainder of 10 can never match a digit: such numbers are never issued.
  return sum % 11 === Number(digits[9]);
}

export function isValidNip(input: string): boolean {
  return isValidNipChecksum(normalizeNip(input));
}

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3] as const;

/**
 * PESEL, the personal number a lawyer without a NIP gives on their invoice data (decision 011):
 * eleven digits, the last a weighted checksum.
 */
export function isValidPeselChecksum(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < PESEL_WEIGHTS.length; i++) sum += Number(digits[i]) * PESEL_WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

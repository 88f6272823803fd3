/**
 * Money is held as integer grosze (1 zł = 100 gr) everywhere inside the product; floats never hold
 * money. Decimal PLN text only appears at the API edge and in forms.
 */

import type { Locale } from './locale.ts';

export const VAT_RATE_PERCENT = 23;

/**
 * The smallest net price of an offer. A paid offer of 0 zł cannot be charged by card (payment
 * providers refuse zero-amount checkouts), so the lower bound is one grosz rather than zero.
 */
export const OFFER_NET_MIN_GROSZE = 1;
/** 1000 zł net, the upper bound of the offer form (spec 5 and 9). */
export const OFFER_NET_MAX_GROSZE = 100_000;

// Whole złoty either plain ('1234') or grouped by thousands with spaces ('1 234'); up to 2 decimals
// after a dot or a comma. Everything else (signs, exponents, '.5', '12.') is refused.
const PLN_PATTERN = /^(\d{1,13}|\d{1,3}(?: \d{3}){1,4})(?:[.,](\d{1,2}))?$/;

/**
 * Parses a PLN amount typed by a person or sent by a client into grosze.
 * Returns null for anything that is not a non-negative amount with at most 2 decimals.
 */
export function parsePlnToGrosze(input: string | number): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // String(n) gives the shortest round-tripping text, so 0.1 + 0.2 ('0.30000000000000004') and
    // 1e21 are refused rather than silently rounded.
    text = String(input);
  } else {
    // Polish formatting groups thousands with (narrow) no-break spaces.
    text = input.trim().replace(/[\u00a0\u202f]/g, ' ');
  }
  const match = PLN_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number((match[1] ?? '').replace(/ /g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const grosze = whole * 100 + fraction;
  return Number.isSafeInteger(grosze) ? grosze : null;
}

function assertGrosze(value: number, allowNegative: boolean): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new RangeError(`Expected an integer amount of grosze, got ${value}`);
  }
}

/** Gross = net × 123 / 100, rounded half up to the grosz, in integer arithmetic. */
export function grossFromNet(netGrosze: number): number {
  assertGrosze(netGrosze, false);
  const scaled = netGrosze * (100 + VAT_RATE_PERCENT) + 50;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: ${netGrosze}`);
  return (scaled - (scaled % 100)) / 100;
}

/** '123.45' for 12345: the decimal PLN form used in API payloads. */
export function groszeToDecimalString(grosze: number): string {
  assertGrosze(grosze, true);
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  const whole = (abs - (abs % 100)) / 100;
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** groszeToDecimalString for an amount that may be absent: null stays null. */
export function groszeToDecimalStringOrNull(grosze: number | null): string | null {
  return grosze === null ? null : groszeToDecimalString(grosze);
}

const formatters: Record<Locale, Intl.NumberFormat> = {
  // 'always' because Polish CLDR data leaves four-digit amounts ungrouped ('1234,56 zł').
  pl: new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', useGrouping: 'always' }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'PLN' }),
};

/**
 * Display text of an amount: pl '1 234,56 zł', en 'PLN 1,234.56'. The spaces are no-break spaces
 * (U+00A0) as Intl produces them, so an amount never wraps across lines.
 */
export function formatPln(grosze: number, locale: Locale = 'pl'): string {
  // Formatting the decimal string keeps floats out of the way entirely.
  return formatters[locale].format(groszeToDecimalString(grosze) as `${number}`);
}

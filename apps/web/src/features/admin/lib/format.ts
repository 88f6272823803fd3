import { formatDateTime, formatPln, offerExpiresAt, parsePlnToGrosze, type Locale } from '@substytut/shared';
import { isDeletedAccountEmail } from '@substytut/shared/deleted-account';

/** 'YYYY-MM-DD HH:mm:ss' in Warsaw time (spec 2, admin page). */
export function dateTime(iso: string): string {
  return formatDateTime(new Date(iso));
}

/** An offer can be paid through its whole expiry day: shown as that day's last second. */
export function expiryDateTime(expireDate: string): string {
  return formatDateTime(new Date(offerExpiresAt(expireDate).getTime() - 1000));
}

/** '250.00' -> '250,00 zł' (pl) or 'PLN 250.00' (en). */
export function money(decimal: string, locale: Locale): string {
  const grosze = parsePlnToGrosze(decimal);
  return grosze === null ? decimal : formatPln(grosze, locale);
}

export function count(n: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { useGrouping: true }).format(n);
}

/**
 * An account's address as the admin lists show it: a deleted account's placeholder
 * (`deleted-…@deleted.invalid`) reads as the label given, a missing one as '—' (issue 34).
 */
export function shownEmail(email: string | null | undefined, deletedLabel: string): string {
  if (!email) return '—';
  return isDeletedAccountEmail(email) ? deletedLabel : email;
}

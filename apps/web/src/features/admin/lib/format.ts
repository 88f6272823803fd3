import { formatDateTime, formatPln, offerExpiresAt, parsePlnToGrosze, type Locale } from '@substytut/shared';

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

import { formatMonthYear } from '@substytut/shared/dates';
import { formatHearingTime } from '@substytut/shared/hearing-time';
import { formatPln, grossFromNet, parsePlnToGrosze } from '@substytut/shared/money';
import { storageUrl } from '@substytut/shared/storage';
import type { Language } from '@/config/paths';

/** The API's decimal PLN ('123.00') as the visitor reads it ('123,00 zł'). */
export function pln(decimal: string, language: Language): string {
  return formatPln(parsePlnToGrosze(decimal) ?? 0, language);
}

/** The gross of a typed net amount, or null while it is not a valid amount above 0. */
export function grossOfTyped(text: string): number | null {
  const net = parsePlnToGrosze(text);
  return net !== null && net > 0 ? grossFromNet(net) : null;
}

/** A moment in Warsaw time: '30.03.2026, godz. 09:30' / '30.03.2026 at 09:30'. */
export function moment(iso: string, language: Language): string {
  return formatHearingTime(iso, language);
}

/** '2026-11' → 'listopad 2026' / 'November 2026'. */
export function monthOf(yearMonth: string, language: Language): string {
  const [year = '', month = ''] = yearMonth.split('-');
  return formatMonthYear(month, year, language);
}

/** A photo as the API gives it: a storage key, or already an address. */
export function photoSrc(photo: string | null): string | null {
  if (!photo) return null;
  return /^(https?:)?\//.test(photo) ? photo : storageUrl(photo);
}

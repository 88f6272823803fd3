import { TZDate } from '@date-fns/tz';
import { isExists, lightFormat } from 'date-fns';
import { formatDate, TIME_ZONE } from './dates.ts';

/** A hearing's day and hour in Warsaw time (no zod here: the public page imports this). */

/** Warsaw wall time ('YYYY-MM-DD', 'HH:mm') → the instant as ISO 8601 UTC; null when not a real time. */
export function warsawDateTimeToIso(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  if (!isExists(year, month, day)) return null;
  const instant = new TZDate(year, month, day, Number(t[1]), Number(t[2]), TIME_ZONE);
  // An hour skipped by the spring change (02:00–03:00) does not exist on the wall clock.
  if (lightFormat(instant, 'HH:mm') !== time) return null;
  return new Date(instant.getTime()).toISOString();
}

/** An instant as the Warsaw day and hour it falls on. */
export function warsawDateTimeParts(instant: Date | string): { date: string; time: string } {
  const local = new TZDate(new Date(instant).getTime(), TIME_ZONE);
  return { date: lightFormat(local, 'yyyy-MM-dd'), time: lightFormat(local, 'HH:mm') };
}

/** '30.03.2026, godz. 09:30' / '30.03.2026 at 09:30', in Warsaw time. */
export function formatHearingTime(instant: Date | string, locale: 'pl' | 'en'): string {
  const { date, time } = warsawDateTimeParts(instant);
  const day = formatDate(date);
  return locale === 'pl' ? `${day}, godz. ${time}` : `${day} at ${time}`;
}

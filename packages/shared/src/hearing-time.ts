import { formatDate, isoDay, isRealDay, pad, warsawInstant, warsawTime } from './dates.ts';

/** A hearing's day and hour in Warsaw time (no zod here: the public page imports this). */

/** Warsaw wall time ('YYYY-MM-DD', 'HH:mm') → the instant as ISO 8601 UTC; null when not a real time. */
export function warsawDateTimeToIso(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  if (!isRealDay(year, month, day)) return null;
  const instant = warsawInstant(year, month, day, Number(t[1]), Number(t[2]));
  // An hour skipped by the spring change (02:00–03:00) does not exist on the wall clock.
  if (warsawDateTimeParts(instant).time !== time) return null;
  return instant.toISOString();
}

/** An instant as the Warsaw day and hour it falls on. */
export function warsawDateTimeParts(instant: Date | string): { date: string; time: string } {
  const local = warsawTime(new Date(instant));
  return { date: isoDay(local), time: `${pad(local.hour)}:${pad(local.minute)}` };
}

/** '30.03.2026, godz. 09:30' / '30.03.2026 at 09:30', in Warsaw time. */
export function formatHearingTime(instant: Date | string, locale: 'pl' | 'en'): string {
  const { date, time } = warsawDateTimeParts(instant);
  const day = formatDate(date);
  return locale === 'pl' ? `${day}, godz. ${time}` : `${day} at ${time}`;
}

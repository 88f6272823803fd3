import { warsawDateTimeParts, warsawDateTimeToIso } from '@substytut/shared/hearing-time';

/**
 * A day and hour as the product's forms take them (the board's, the offer's and its hearing's,
 * the hearing report; issue 34): the day typed as 'dd.mm.rrrr' (what a Polish
 * user reads and writes; the browser's own date field follows the browser's locale, which may be
 * month-first) and the hour chosen from 00–23 and the minutes in fives, so the clock is always
 * the 24-hour one (decision 042).
 */
export interface WhenValues {
  date: string;
  hour: string;
  minute: string;
}

export const EMPTY_WHEN: WhenValues = { date: '', hour: '', minute: '' };

export const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
export const MINUTES = Array.from({ length: 12 }, (_, m) => String(m * 5).padStart(2, '0'));

/** '7.3.2027', '07-03-2027', '07/03/2027' or '2027-03-07' → '2027-03-07'; null when not a day. */
export function parseDayText(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dmy = /^(\d{1,2})[.\-/ ](\d{1,2})[.\-/ ](\d{4})$/.exec(trimmed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : null;
  if (!parts) return null;
  const [year = '', month = '', day = ''] = parts;
  const candidate = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  // The shared rule checks that the day exists (no 31.02).
  return warsawDateTimeToIso(candidate, '12:00') ? candidate : null;
}

/** The instant of a filled-in day and hour in Warsaw, or null. */
export function whenToIso({ date, hour, minute }: WhenValues): string | null {
  const day = parseDayText(date);
  if (!day || !hour || !minute) return null;
  return warsawDateTimeToIso(day, `${hour}:${minute}`);
}

export function isBlankWhen({ date, hour, minute }: WhenValues): boolean {
  return date.trim() === '' && hour === '' && minute === '';
}

/** An instant as the form's fields show it. */
export function whenValuesOf(instant: Date | string): WhenValues {
  const { date, time } = warsawDateTimeParts(instant);
  return { date: dayTextOf(date), ...timePartsOf(time) };
}

/** A Warsaw day 'YYYY-MM-DD' as the day field shows it: 'dd.mm.rrrr'. */
export function dayTextOf(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}.${month}.${year}` : isoDay;
}

/** A time 'HH:MM' as its two lists; either part may be empty while the user chooses. */
export function timePartsOf(time: string): { hour: string; minute: string } {
  const [hour = '', minute = ''] = time.split(':');
  return { hour, minute };
}

/** The two lists' values as one 'HH:MM' ('' when both are empty, a part missing stays empty). */
export function joinTime(hour: string, minute: string): string {
  return hour === '' && minute === '' ? '' : `${hour}:${minute}`;
}

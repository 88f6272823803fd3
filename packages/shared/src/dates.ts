import type { Locale } from './locale.ts';

/**
 * Calendar days are 'YYYY-MM-DD' strings in the Europe/Warsaw time zone: an offer's expireDate is a
 * Polish calendar day, whatever the server's or the browser's zone. The zone is read through the
 * platform's Intl (decision 066), in the browser and on the server alike.
 */
export type IsoDate = string;

export const TIME_ZONE = 'Europe/Warsaw';

/** Warsaw wall time: month 1-12. */
export interface WarsawTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let warsawFormat: Intl.DateTimeFormat | undefined;

/** The Warsaw wall clock at an instant (CET or CEST, as the zone's rules say). */
export function warsawTime(instant: Date | number): WarsawTime {
  warsawFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const time: WarsawTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of warsawFormat.formatToParts(instant))
    if (part.type in time) time[part.type as keyof WarsawTime] = Number(part.value);
  return time;
}

/** How far Warsaw's clock is ahead of UTC at an instant, in milliseconds (one or two hours). */
function warsawOffsetMs(instant: number): number {
  const t = warsawTime(instant);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant Warsaw's clock shows a wall time (month 1-12; fields past their range roll over, as
 * Date.UTC's do). In the autumn hour that shows twice it is the later one (CET); a time the spring
 * change skips moves an hour on (02:30 → 03:30 CEST), as @date-fns/tz's TZDate did.
 */
export function warsawInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = warsawOffsetMs(wall);
  const second = warsawOffsetMs(wall - first);
  return new Date(wall - second);
}

/** A number written with leading zeros: pad(5) = '05'. */
export const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYY-MM-DD' of a wall time. */
export const isoDay = (t: Pick<WarsawTime, 'year' | 'month' | 'day'>): IsoDate =>
  `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;

/** The calendar day (UTC fields) a day number rolls to: 2024-02-30 → 2024-03-01. */
function normalisedDay(year: number, month: number, day: number): IsoDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  return isoDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

function dayFields(day: IsoDate): [number, number, number] {
  if (!isIsoDate(day)) throw new RangeError(`Not a calendar day: ${day}`);
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/** Whether year, month (1-12) and day name a real calendar day. */
export function isRealDay(year: number, month: number, day: number): boolean {
  return (
    month >= 1 && month <= 12 && day >= 1 && normalisedDay(year, month, day) === isoDay({ year, month, day })
  );
}

/** Strictly 'YYYY-MM-DD' naming a real day (no 2023-02-29). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The Warsaw calendar day an instant falls on. */
export function warsawDate(date: Date): IsoDate {
  return isoDay(warsawTime(date));
}

export function addDays(day: IsoDate, days: number): IsoDate {
  const [year, month, date] = dayFields(day);
  return normalisedDay(year, month, date + days);
}

/** The default expiry of a new offer and the earliest allowed one. */
export function tomorrowInWarsaw(now: Date): IsoDate {
  return addDays(warsawDate(now), 1);
}

/**
 * The latest expiry an offer may have: the same calendar day a year after today in Warsaw (28
 * February for an offer made on 29 February). A substitution is arranged for a hearing weeks
 * ahead, not years (decision 015).
 */
export function latestExpiryInWarsaw(now: Date): IsoDate {
  const today = warsawTime(now);
  const year = today.year + 1;
  // 29 February a year on is 28 February (date-fns's addYears, kept).
  return isRealDay(year, today.month, today.day)
    ? isoDay({ ...today, year })
    : isoDay({ ...today, year, day: 28 });
}

// Every public page view checks its offer's expiry, and time-zone arithmetic through Intl is the
// costly part of that; the instant a given day begins never changes.
const startOfDayCache = new Map<IsoDate, number>();
const START_OF_DAY_CACHE_SIZE = 4096;

/** The instant a Warsaw calendar day begins (00:00 local, CET or CEST). */
export function warsawStartOfDay(day: IsoDate): Date {
  const cached = startOfDayCache.get(day);
  if (cached !== undefined) return new Date(cached);
  const instant = warsawInstant(...dayFields(day)).getTime();
  if (startOfDayCache.size >= START_OF_DAY_CACHE_SIZE) startOfDayCache.clear();
  startOfDayCache.set(day, instant);
  return new Date(instant);
}

/** An offer stays valid through its whole expiry day: it ends when the next Warsaw day begins. */
export function offerExpiresAt(expireDate: IsoDate): Date {
  return warsawStartOfDay(addDays(expireDate, 1));
}

export function isOfferExpired(expireDate: IsoDate, now: Date): boolean {
  return now.getTime() >= offerExpiresAt(expireDate).getTime();
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes until an instant, or null once it has passed. */
export function timeLeft(until: Date, now: Date): TimeLeft | null {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return null;
  const totalMinutes = Math.floor(ms / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/** dd.MM.yyyy; a Date is shown as its Warsaw calendar day. */
export function formatDate(value: Date | IsoDate): string {
  const [year, month, day] = typeof value === 'string' ? dayFields(value) : dayFields(warsawDate(value));
  return `${pad(day)}.${pad(month)}.${pad(year, 4)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Warsaw time (admin tables). */
export function formatDateTime(date: Date): string {
  const t = warsawTime(date);
  return `${isoDay(t)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/** Nominative month names, as in 'styczeń 2024'. */
export const POLISH_MONTHS = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
] as const;

export const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MONTH_NAMES: Record<Locale, readonly string[]> = { pl: POLISH_MONTHS, en: ENGLISH_MONTHS };

/** month is 1-12 (a number or the string a form holds). */
export function monthName(month: number | string, locale: Locale): string {
  const name = MONTH_NAMES[locale][Number(month) - 1];
  if (name === undefined) throw new RangeError(`Not a month: ${month}`);
  return name;
}

export function formatMonthYear(month: number | string, year: number | string, locale: Locale): string {
  return `${monthName(month, locale)} ${year}`;
}

/** Spec 9: the year list has 61 entries. */
export const YEAR_OPTION_COUNT = 61;

/** Years for job dates, newest first: the current Warsaw year and the 60 before it, as strings. */
export function yearOptions(now: Date): string[] {
  const current = warsawTime(now).year;
  return Array.from({ length: YEAR_OPTION_COUNT }, (_, i) => String(current - i));
}

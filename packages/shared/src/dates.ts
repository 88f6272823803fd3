import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays, addYears, isExists, lightFormat } from 'date-fns';
import type { Locale } from './locale.ts';

/**
 * Calendar days are 'YYYY-MM-DD' strings in the Europe/Warsaw time zone: an offer's expireDate is a
 * Polish calendar day, whatever the server's or the browser's zone.
 */
export type IsoDate = string;

export const TIME_ZONE = 'Europe/Warsaw';

/** An instant as Warsaw wall time: date-fns reads and changes its fields in that zone. */
const inWarsaw = (date: Date): TZDate => new TZDate(date, TIME_ZONE);

function parseDay(day: IsoDate): TZDate {
  if (!isIsoDate(day)) throw new RangeError(`Not a calendar day: ${day}`);
  return new TZDate(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
    TIME_ZONE,
  );
}

/** Strictly 'YYYY-MM-DD' naming a real day (no 2023-02-29). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match !== null && isExists(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The Warsaw calendar day an instant falls on. */
export function warsawDate(date: Date): IsoDate {
  return lightFormat(inWarsaw(date), 'yyyy-MM-dd');
}

export function addDays(day: IsoDate, days: number): IsoDate {
  return lightFormat(addCalendarDays(parseDay(day), days), 'yyyy-MM-dd');
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
  return lightFormat(addYears(inWarsaw(now), 1), 'yyyy-MM-dd');
}

// Every public page view checks its offer's expiry, and time-zone arithmetic through Intl is the
// costly part of that; the instant a given day begins never changes.
const startOfDayCache = new Map<IsoDate, number>();
const START_OF_DAY_CACHE_SIZE = 4096;

/** The instant a Warsaw calendar day begins (00:00 local, CET or CEST). */
export function warsawStartOfDay(day: IsoDate): Date {
  const cached = startOfDayCache.get(day);
  if (cached !== undefined) return new Date(cached);
  const instant = parseDay(day).getTime();
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
  return lightFormat(typeof value === 'string' ? parseDay(value) : inWarsaw(value), 'dd.MM.yyyy');
}

/** 'YYYY-MM-DD HH:mm:ss' in Warsaw time (admin tables). */
export function formatDateTime(date: Date): string {
  return lightFormat(inWarsaw(date), 'yyyy-MM-dd HH:mm:ss');
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
  const current = inWarsaw(now).getFullYear();
  return Array.from({ length: YEAR_OPTION_COUNT }, (_, i) => String(current - i));
}

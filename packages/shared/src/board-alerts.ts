import { TZDate } from '@date-fns/tz';
import { BOARD_SECOND_WAVE_MINUTES, type AlertSettings, type BoardCaseType } from './contract/board.ts';
import { appellateAreaOf, regionalAreaOf } from './court-areas.ts';
import { TIME_ZONE } from './dates.ts';
import { findCourt } from './reference-data/courts.ts';

/**
 * Who is alerted of a request on the substitution board, and when (issue 32, decision 040). Pure
 * rules: the API's outbox applies them to the substitutes its index query finds.
 */

/** What a substitute covers, as the server holds it (money in grosze). */
export interface AlertCoverage {
  courtIds: readonly string[];
  /** regional or appellate court ids: the court and every court below it */
  areaCourtIds: readonly string[];
  /** cities of the court list, nominative ('Warszawa') */
  cities: readonly string[];
  /** none: every case type */
  caseTypes: readonly BoardCaseType[];
  /** null: any fee */
  minFeeNetGrosze: number | null;
}

export interface AlertedRequest {
  courtId: string;
  caseType: BoardCaseType;
  /** null: "ask for quotes" */
  feeNetGrosze: number | null;
}

/** The areas (regional and appellate court ids) a court lies in. */
export function areasOfCourt(courtId: string): string[] {
  return [regionalAreaOf(courtId), appellateAreaOf(courtId)].filter((id): id is string => id !== null);
}

/**
 * Whether the settings cover the request: its court one by one, in an area, or in a city (no place
 * chosen covers nothing); its case type (none chosen: every type); its fee at or above the minimum
 * ("ask for quotes" has no fee to compare, so it matches any minimum: the substitute names a price).
 */
export function coversRequest(coverage: AlertCoverage, request: AlertedRequest): boolean {
  const court = findCourt(request.courtId);
  const place =
    coverage.courtIds.includes(request.courtId) ||
    (court !== undefined &&
      (coverage.cities.includes(court.city) ||
        areasOfCourt(request.courtId).some((area) => coverage.areaCourtIds.includes(area))));
  if (!place) return false;
  if (coverage.caseTypes.length > 0 && !coverage.caseTypes.includes(request.caseType)) return false;
  if (coverage.minFeeNetGrosze !== null && request.feeNetGrosze !== null)
    return request.feeNetGrosze >= coverage.minFeeNetGrosze;
  return true;
}

export interface QuietHours {
  /** 'HH:mm', Warsaw */
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function warsawMinuteOfDay(at: Date): number {
  const local = new TZDate(at.getTime(), TIME_ZONE);
  return local.getHours() * 60 + local.getMinutes();
}

/** Whether `at` falls within the quiet hours (Warsaw wall time; over midnight when from > to). */
export function isQuietAt(quiet: QuietHours | null, at: Date): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const now = warsawMinuteOfDay(at);
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** The first moment after `at` when the Warsaw clock shows `quiet.to`. */
export function quietHoursEndAfter(quiet: QuietHours, at: Date): Date {
  const local = new TZDate(at.getTime(), TIME_ZONE);
  const [hours, minutes] = [Number(quiet.to.slice(0, 2)), Number(quiet.to.slice(3, 5))];
  for (let day = 0; day <= 1; day += 1) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + day,
      hours,
      minutes,
      TIME_ZONE,
    );
    if (candidate.getTime() > at.getTime()) return new Date(candidate.getTime());
  }
  throw new Error('unreachable: the next day always holds the time');
}

export interface WaveInput {
  postedAt: Date;
  urgent: boolean;
  /** the poster marked this substitute as a favourite */
  favourite: boolean;
  quietHours: QuietHours | null;
}

/**
 * When the alert goes out: favourites at once, everyone else BOARD_SECOND_WAVE_MINUTES later, an
 * urgent request to everyone at once. A non-urgent alert that falls within the quiet hours waits
 * for their end.
 */
export function alertDueAt(input: WaveInput): Date {
  const wave =
    input.urgent || input.favourite
      ? input.postedAt
      : new Date(input.postedAt.getTime() + BOARD_SECOND_WAVE_MINUTES * 60_000);
  if (input.urgent || !isQuietAt(input.quietHours, wave)) return wave;
  return quietHoursEndAfter(input.quietHours!, wave);
}

/** What a substitute who never saved settings has: nothing covered yet, e-mail on, quiet at night. */
export function defaultAlertSettings(): AlertSettings {
  return {
    court_ids: [],
    area_court_ids: [],
    cities: [],
    case_types: [],
    min_fee_net: null,
    channels: { email: true, push: false, digest: false },
    quiet_hours: { from: '22:00', to: '07:00' },
  };
}

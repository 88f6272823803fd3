import { warsawDate } from './dates.ts';
import type { CourtKind } from './reference-data/courts.ts';
import type { ProfessionalTypeId } from './reference-data/professional-types.ts';

/**
 * Who may take a request on the substitution board (issue 32).
 *
 * A trainee may substitute a member of the bar only after part of the training:
 * - art. 77 § 1–2 ustawy z dnia 26 maja 1982 r. Prawo o adwokaturze (Dz.U. 2024 poz. 1564 t.j.):
 *   a trainee advocate after 6 months of training before district courts (sądy rejonowe), after
 *   1 year and 6 months also before the other courts (except the Supreme Court, the Supreme
 *   Administrative Court, the Constitutional Tribunal and the State Tribunal, which have no place
 *   on the board);
 * - art. 35 ust. 1–2 ustawy z dnia 6 lipca 1982 r. o radcach prawnych (Dz.U. 2024 poz. 499 t.j.):
 *   a trainee legal counsel likewise, 6 months for district courts, 1 year and 6 months for others.
 * The months count from the first day of the training's start month (the profile keeps month and
 * year only) to the hearing's day in Warsaw.
 */
export const TRAINEE_MONTHS_BEFORE: Record<CourtKind, number> = { SR: 6, SO: 18, SA: 18 };

const TRAINEES: ReadonlySet<ProfessionalTypeId> = new Set(['aplikant-adwokacki', 'aplikant-radcowski']);

export const isTrainee = (profession: ProfessionalTypeId): boolean => TRAINEES.has(profession);

const TRAINING_START = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' of a real month. */
export function isTrainingStart(text: string): boolean {
  return TRAINING_START.test(text);
}

/** Whether the profession may appear before a court of this kind on the hearing's day. */
export function traineeMayAppearBefore(
  profession: ProfessionalTypeId,
  trainingStart: string | null,
  courtKind: CourtKind,
  hearingAt: Date,
): boolean {
  if (!isTrainee(profession)) return true;
  const match = trainingStart ? TRAINING_START.exec(trainingStart) : null;
  if (!match) return false;
  const startMonthIndex = Number(match[1]) * 12 + (Number(match[2]) - 1);
  const [year, month] = warsawDate(hearingAt).split('-').map(Number) as [number, number];
  const hearingMonthIndex = year * 12 + (month - 1);
  return hearingMonthIndex - startMonthIndex >= TRAINEE_MONTHS_BEFORE[courtKind];
}

export interface BoardSubstitute {
  profession: ProfessionalTypeId | null;
  /** 'YYYY-MM'; only a trainee's counts. */
  trainingStart: string | null;
  licenceVerified: boolean;
  payoutsConnected: boolean;
}

export interface BoardRequestTerms {
  professions: readonly ProfessionalTypeId[];
  courtKind: CourtKind;
  startsAt: Date;
}

/**
 * A substitute sees and may answer a request when verified (licence checked, payouts connected),
 * of a profession the poster asked for, and, for a trainee, far enough into training.
 */
export function mayTakeBoardRequest(substitute: BoardSubstitute, request: BoardRequestTerms): boolean {
  const { profession } = substitute;
  if (!substitute.licenceVerified || !substitute.payoutsConnected || profession === null) return false;
  if (!request.professions.includes(profession)) return false;
  return traineeMayAppearBefore(profession, substitute.trainingStart, request.courtKind, request.startsAt);
}

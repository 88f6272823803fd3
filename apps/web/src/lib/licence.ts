import { formatDate, TIME_ZONE } from '@substytut/shared/dates';
import type { Locale } from '@substytut/shared/locale';

/**
 * The licence as the API describes it (contracts of issue 22): the lawyer's own view on
 * GET /user/profile, the public one on the public profile. Kept here, in one place, because the
 * dashboard, the offers form, the public page and the admin page all read it.
 */
export const LICENCE_STATE_IDS = ['unverified', 'pending', 'verified', 'rejected', 'manual_review'] as const;
export type LicenceStateId = (typeof LICENCE_STATE_IDS)[number];
export type LicenceRegister = 'advocates' | 'legal_counsel';
export type LicenceMethod = 'register' | 'review';

export interface OwnLicence {
  state: LicenceStateId;
  method: LicenceMethod | null;
  verified_at: string | null;
  checked_at: string | null;
  reason: string | null;
  certificate_uploaded_at: string | null;
  register: LicenceRegister;
}

/** All three true: the lawyer may create offers. */
export interface OfferRequirements {
  profile_active: boolean;
  payment_account: boolean;
  licence_verified: boolean;
}

export interface PublicLicence {
  method: LicenceMethod;
  register: LicenceRegister;
  verified_at: string;
}

const englishDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A day in Warsaw as the licence texts show it: 24.11.2026 (pl), 24 November 2026 (en). */
export function formatLicenceDay(iso: string, language: Locale): string {
  const date = new Date(iso);
  return language === 'pl' ? formatDate(date) : englishDay.format(date);
}

const warsawTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment in Warsaw time, the day as above: 24.11.2026, 14:05. */
export function formatLicenceMoment(iso: string, language: Locale): string {
  return `${formatLicenceDay(iso, language)}, ${warsawTime.format(new Date(iso))}`;
}

/**
 * The profile answers as issue 22 extends them. Until the shared DTOs carry these fields the
 * web reads them through this type; an older server leaves them out.
 */
export type WithLicence<T> = T & { licence?: OwnLicence; offer_requirements?: OfferRequirements };
export type WithPublicLicence<T> = T & { licence?: PublicLicence | null };

import { formatDate, TIME_ZONE } from '@substytut/shared/dates';
import { warsawDateTimeParts } from '@substytut/shared/hearing-time';
import type { Locale } from '@substytut/shared/locale';
import type { ProfileDto, PublicLicenceDto } from '@substytut/shared';

/** The licence on the lawyer's own profile and on the public page (shared DTOs, issue 22). */
export type { LicenceDto as OwnLicence, LicenceState as LicenceStateId } from '@substytut/shared';
export type PublicLicence = NonNullable<PublicLicenceDto>;
/** All three true: the lawyer may create offers. */
export type OfferRequirements = ProfileDto['offer_requirements'];

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

/** A moment in Warsaw time, the day as above: 24.11.2026, 14:05. */
export function formatLicenceMoment(iso: string, language: Locale): string {
  return `${formatLicenceDay(iso, language)}, ${warsawDateTimeParts(iso).time}`;
}

/**
 * A licence's reason is a key of the error catalogue (licence.reason.*) when a register answered,
 * and an administrator's own words after a review: only the first is translated.
 */
export function licenceReasonText(
  reason: string,
  t: (key: string, options: { ns: string }) => string,
): string {
  return reason.startsWith('licence.reason.') ? t(reason, { ns: 'errors' }) : reason;
}

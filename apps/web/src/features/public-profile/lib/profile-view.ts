import type { PublicProfileDto } from '@substytut/shared';
import { formatDate, formatMonthYear } from '@substytut/shared/dates';
import { formatHearingTime } from '@substytut/shared/hearing-time';
import { formatPhoneDisplay } from '@substytut/shared/phone';
import { storageSrcSet, storageUrl } from '@substytut/shared/storage';
import type { Language } from '@/config/paths';
import { formatLicenceDay } from '@/lib/licence';
import {
  institutionLabel,
  jobPeriod,
  professionalTypeLabel,
  specializationLabel,
} from '@/lib/profile-labels';
import { formatDecimalPln } from './offer-money';

/**
 * What the public page shows of a profile that is not the API's own text, resolved for one
 * language: labels of the reference lists, Warsaw days and hours, prices, the phone's display,
 * the photo's addresses (decision 071). The route's loader makes it on the server, so the page's
 * first load carries neither date-fns nor the reference lists; a page asked for within the app
 * loads this module with the answer.
 */
export interface ProfileView {
  language: Language;
  /** The professional type's label; '' when the profile names none. */
  permissions: string;
  specializations: string;
  institution: string;
  /** '+48 600 100 200', or '' for none. */
  phone: string;
  photo: { src: string; srcSet: string } | null;
  cvHref: string | null;
  /** The day the licence was verified, as its badge's tooltip says it; '' without a licence. */
  licenceDay: string;
  /** Each job's start and end as the page shows them; a null end is a job the lawyer still holds. */
  jobs: ReturnType<typeof jobPeriod>[];
  /** Each board reference's month ('marzec 2026'). */
  boardReferenceMonths: string[];
  /** The link preview's picture: the offer's card, else the photo. */
  metaImage: string | null;
  offer: {
    price: string;
    priceBrutto: string;
    /** '' when the expiry day cannot be read (the line is left out). */
    validUntil: string;
    /** The hearing's day and hour, or '' for a hearing without them. */
    hearingWhen: string;
  } | null;
}

function validUntil(expireDate: string): string {
  try {
    return formatDate(expireDate.slice(0, 10));
  } catch {
    // A malformed date only hides the line.
    return '';
  }
}

export function profileView(profile: PublicProfileDto, language: Language): ProfileView {
  const offer = profile.offer;
  const imageKey = offer?.cardUrl || profile.imageUrl;
  return {
    language,
    permissions: profile.permissions ? professionalTypeLabel(profile.permissions, language) : '',
    specializations: profile.specialization.map((id) => specializationLabel(id, language)).join(', '),
    institution: institutionLabel(profile.institution, language),
    phone: profile.phone ? formatPhoneDisplay(profile.phone) : '',
    photo: profile.imageUrl
      ? { src: storageUrl(profile.imageUrl), srcSet: storageSrcSet(profile.imageUrl) }
      : null,
    cvHref: profile.cvUrl ? storageUrl(profile.cvUrl) : null,
    licenceDay: profile.licence ? formatLicenceDay(profile.licence.verified_at, language) : '',
    jobs: profile.jobs.map((job) => jobPeriod(job, language)),
    boardReferenceMonths: profile.board_references.map((reference) => {
      const [year = '', month = '1'] = reference.month.split('-');
      return formatMonthYear(month, year, language);
    }),
    metaImage: imageKey ? storageUrl(imageKey) : null,
    offer:
      offer && !offer.error
        ? {
            price: formatDecimalPln(offer.price, language),
            priceBrutto: formatDecimalPln(offer.price_brutto, language),
            validUntil: validUntil(offer.expireDate),
            hearingWhen: offer.hearing?.starts_at ? formatHearingTime(offer.hearing.starts_at, language) : '',
          }
        : null,
  };
}

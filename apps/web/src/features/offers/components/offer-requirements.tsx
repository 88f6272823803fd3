import type { ProfileDto } from '@substytut/shared';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { missingRequirements, offerRequirements, REQUIREMENT_IDS } from '../lib/offer-requirements';

/**
 * Says which of the three conditions of creating offers is missing and links to where it is met
 * (issue 22): the profile tab for the profile and its payment account, the profile tab's licence
 * panel for the licence. Renders nothing once all three hold.
 */
/** The id of the dashboard's licence panel (features do not import each other). */
const LICENCE_ANCHOR = 'licence';

export function OfferRequirementsNotice({
  profile,
  id,
  compact = false,
  className,
}: {
  profile: ProfileDto;
  id?: string;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('offers');
  const href = useLocalizedHref();
  const requirements = offerRequirements(profile);
  const missing = missingRequirements(requirements);
  if (missing.length === 0) return null;
  // The spec's sentence while the profile or its payment account is missing; the licence's own
  // when only the licence is.
  const profileMissing = !requirements.profile_active || !requirements.payment_account;
  const summary = profileMissing ? t('form.inactive') : t('requirements.licenceOnly');
  const profileHref = href(paths.dashboard.profile.getHref());

  return (
    <div
      id={id}
      className={cn(
        'flex flex-col gap-2 rounded-md border border-warning-foreground/20 bg-warning text-warning-foreground',
        compact ? 'p-2.5 text-xs' : 'p-4 text-sm',
        className,
      )}
    >
      <p className="flex gap-2">
        <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
        <span>{summary}</span>
      </p>
      <ul aria-label={t('requirements.label')} className="flex flex-col gap-1.5">
        {REQUIREMENT_IDS.map((requirement) => {
          const met = requirements[requirement];
          const Icon = met ? CircleCheck : CircleX;
          return (
            <li key={requirement} className="flex items-start gap-2">
              <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
              <span>
                {t(`requirements.items.${requirement}`)}
                <span className="sr-only">: {met ? t('requirements.met') : t('requirements.missing')}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {profileMissing && (
          <Link to={profileHref} className="font-semibold underline underline-offset-4">
            {t('form.goToProfile')}
          </Link>
        )}
        {!requirements.licence_verified && (
          <Link
            to={`${profileHref}#${LICENCE_ANCHOR}`}
            className="font-semibold underline underline-offset-4"
          >
            {t('requirements.verifyLicence')}
          </Link>
        )}
      </div>
    </div>
  );
}

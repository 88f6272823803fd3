import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, useLocalizedHref } from '@/config/paths';
import { useProfile } from '@/lib/profile-query';

/**
 * Only verified substitutes (licence verified, payouts connected) see the board and get alerts
 * (issue 32): say what is missing, with where to do it. Nothing while the profile loads.
 */
export function VerifiedNote() {
  const { t } = useTranslation('alerts');
  const href = useLocalizedHref();
  const profile = useProfile();
  if (!profile.data) return null;
  const { licence_verified, payment_account } = profile.data.offer_requirements;
  if (licence_verified && payment_account) return null;
  const linkClass = 'font-medium underline underline-offset-4 hover:no-underline';
  return (
    <div role="note" className="flex gap-3 rounded-lg bg-warning p-4 text-sm text-warning-foreground">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{t('verified.title')}</p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {!licence_verified && (
            <li>
              {t('verified.licence')}{' '}
              <Link to={href(paths.dashboard.profile.getHref())} className={linkClass}>
                {t('verified.licenceLink')}
              </Link>
            </li>
          )}
          {!payment_account && (
            <li>
              {t('verified.payouts')}{' '}
              <Link to={href(paths.dashboard.billing.getHref())} className={linkClass}>
                {t('verified.payoutsLink')}
              </Link>
            </li>
          )}
        </ul>
        <p>{t('verified.meanwhile')}</p>
      </div>
    </div>
  );
}

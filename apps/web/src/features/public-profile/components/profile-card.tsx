import type { PublicProfileDto } from '@substytut/shared';
import { BadgeCheck, ExternalLink, FileText, Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/profile/avatar';
import { badgeVariants } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { cn } from '@/lib/cn';
import type { PublicLicence } from '@/lib/licence';
import type { ProfileView } from '../lib/profile-view';

const linkClasses =
  'inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline break-all';

/**
 * 'Zweryfikowany' means the licence was checked, nothing less (DESIGN 3): the badge shows only
 * for a verified licence, and its tooltip says what was checked and when.
 */
function VerifiedBadge({ licence, date }: { licence: PublicLicence; date: string }) {
  const { t } = useTranslation('public-profile');
  const text =
    licence.method === 'register'
      ? t(`profile.verifiedByRegister.${licence.register}`, { date })
      : t('profile.verifiedByReview', { date });
  // Below the badge: above, it would cover the lawyer's name.
  return (
    <LazyTooltip content={text} side="bottom">
      <button
        type="button"
        className={cn(
          badgeVariants({ variant: 'success' }),
          'cursor-help focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <BadgeCheck aria-hidden="true" />
        {t('profile.verified')}
      </button>
    </LazyTooltip>
  );
}

/**
 * Photo, name with the verified badge, professional facts and the ways to get in touch; the labels,
 * the phone's display and the photo's addresses come from the route's loader (`view`, decision 071).
 */
export function ProfileCard({ profile, view }: { profile: PublicProfileDto; view: ProfileView }) {
  const { t } = useTranslation('public-profile');
  const { phone } = view;

  return (
    <Card className="flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar
        src={view.photo?.src ?? null}
        srcSet={view.photo?.srcSet}
        sizes="128px"
        alt={t('profile.photoAlt', { name: profile.fullname })}
        className="size-32 shrink-0 border-4 border-card shadow-md"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <h1
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-balance focus:outline-none sm:text-3xl"
          >
            {profile.fullname}
          </h1>
          {profile.licence && <VerifiedBadge licence={profile.licence} date={view.licenceDay} />}
        </div>
        {view.permissions && <p className="font-medium text-muted-foreground">{view.permissions}</p>}
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:text-left">
          <dt className="font-medium">{t('profile.licenseNo')}</dt>
          <dd className="text-muted-foreground">{profile.licenseNo}</dd>
          <dt className="font-medium">{t('profile.specialization')}</dt>
          <dd className="text-muted-foreground">{view.specializations}</dd>
          <dt className="font-medium">{t('profile.institution')}</dt>
          <dd className="text-muted-foreground">{view.institution}</dd>
        </dl>
        <ul
          aria-label={t('profile.contact')}
          className="flex flex-col items-center gap-x-5 gap-y-2 text-sm sm:flex-row sm:flex-wrap sm:items-start"
        >
          {phone && (
            <li>
              <a href={`tel:${phone.replace(/\s/g, '')}`} className={linkClasses}>
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('profile.phone')}: </span>
                {phone}
              </a>
            </li>
          )}
          <li>
            <a href={`mailto:${profile.email}`} className={linkClasses}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('profile.email')}: </span>
              {profile.email}
            </a>
          </li>
          {view.cvHref && (
            <li>
              <a href={view.cvHref} download className={linkClasses}>
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                {t('profile.cv')}
              </a>
            </li>
          )}
          {profile.linkedinUrl && (
            <li>
              <a href={profile.linkedinUrl} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                {t('profile.linkedin')}
                <span className="sr-only"> {t('profile.newTab')}</span>
              </a>
            </li>
          )}
        </ul>
      </div>
    </Card>
  );
}

import type { BoardLawyerCard } from '@substytut/shared/contract/board';
import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/profile/avatar';
import { Badge } from '@/components/ui/badge';
import { paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { institutionLabel, professionalTypeLabel } from '@/lib/profile-labels';
import { useLanguage } from '@/lib/use-language';
import { photoSrc } from '../lib/format';

/**
 * A lawyer on the board (the poster of a request, or the substitute behind an answer): photo,
 * name (linking to the public page when there is one), the badge, profession and chamber.
 */
export function LawyerCard({
  lawyer,
  children,
  size = 'sm',
  className,
}: {
  lawyer: BoardLawyerCard;
  children?: ReactNode;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t } = useTranslation('board');
  const language = useLanguage();
  const href = useLocalizedHref();
  const profession = lawyer.profession ? professionalTypeLabel(lawyer.profession, language) : null;
  // The chamber is the profile's institution id.
  const chamber = lawyer.chamber ? institutionLabel(lawyer.chamber, language) : null;
  return (
    <div className={cn('flex min-w-0 items-start gap-3', className)}>
      <Avatar
        src={photoSrc(lawyer.photo_url)}
        alt={t('card.photoOf', { name: lawyer.name })}
        className={cn('shrink-0', size === 'md' ? 'size-14' : 'size-10')}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          {lawyer.seolink ? (
            <Link
              to={href(paths.publicProfile.getHref(lawyer.seolink))}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-4 hover:underline"
            >
              {lawyer.name}
              <span className="sr-only"> {t('card.newTab')}</span>
            </Link>
          ) : (
            <span>{lawyer.name}</span>
          )}
          {lawyer.verified && (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              {t('card.verified')}
            </Badge>
          )}
        </p>
        {(profession || chamber) && (
          <p className="text-sm text-muted-foreground">
            {[profession, chamber].filter(Boolean).join(' · ')}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

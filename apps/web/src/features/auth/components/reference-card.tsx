import { BadgeCheck, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** A lawyer's reference beside the forms; the 'Zweryfikowano' mark says it comes from a public profile. */
export function ReferenceCard({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  return (
    <figure
      aria-label={t('reference.label')}
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-border bg-secondary/60 p-5 sm:p-6',
        className,
      )}
    >
      <Quote aria-hidden="true" className="size-7 text-accent-text" />
      <blockquote className="text-base leading-relaxed text-foreground">
        {t('reference.description')}
      </blockquote>
      <figcaption className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          >
            KN
          </span>
          <div className="flex flex-col">
            <span className="font-semibold">{t('reference.author')}</span>
            <span className="text-xs text-muted-foreground">{t('reference.role')}</span>
          </div>
        </div>
        <Badge variant="success">
          <BadgeCheck aria-hidden="true" />
          {t('reference.verified')}
        </Badge>
      </figcaption>
    </figure>
  );
}

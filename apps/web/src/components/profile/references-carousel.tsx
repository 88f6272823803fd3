import type { ReferenceDto } from '@substytut/shared';
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** One reference at a time with previous/next buttons; the change is announced politely. */
export function ReferencesCarousel({
  references,
  headingLevel: Heading = 'h3',
}: {
  references: readonly ReferenceDto[];
  /** The heading's level in the page's outline. */
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = references.length;
  const current = references[Math.min(index, count - 1)];
  if (!current) return null;

  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section
      aria-labelledby={headingId}
      aria-roledescription={t('references.carousel')}
      className="flex flex-col gap-3"
    >
      <div className="flex items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-semibold">
          {t('references.title')}
        </Heading>
        {count > 1 && (
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={t('references.previous')}
              onClick={() => go(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon-sm" aria-label={t('references.next')} onClick={() => go(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true">
        <figure
          role="group"
          aria-roledescription={t('references.slide')}
          aria-label={t('references.slideLabel', { current: index + 1, count })}
          className="relative rounded-xl border border-border bg-muted/50 p-5 pl-12"
        >
          <Quote aria-hidden="true" className="absolute top-5 left-4 size-5 text-accent-text" />
          <blockquote className="text-pretty whitespace-pre-line">{current.description}</blockquote>
          <figcaption className="mt-3 text-sm font-semibold">— {current.author}</figcaption>
        </figure>
      </div>
      {count > 1 && (
        <p className="text-center text-xs text-muted-foreground" aria-hidden="true">
          {index + 1} / {count}
        </p>
      )}
    </section>
  );
}

import type { PublicProfileDto } from '@substytut/shared';
import { BadgeCheck, Quote } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Issue 32: references from jobs through the substitution board that the lawyer published, each
 * marked as confirmed by a completed job with its month. No stars and no ranking: the advocates'
 * advertising rules forbid comparisons. `months` are the references' months as worded by the
 * route's loader (decision 071).
 */
export function BoardReferences({
  references,
  months,
}: {
  references: PublicProfileDto['board_references'];
  months: readonly string[];
}) {
  const { t } = useTranslation('public-profile');
  const headingId = useId();
  if (references.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('boardReferences.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {references.map((reference, i) => (
          <li key={i}>
            <figure className="relative rounded-xl border border-border bg-muted/50 p-5 pl-12">
              <Quote aria-hidden="true" className="absolute top-5 left-4 size-5 text-accent-text" />
              <blockquote className="text-pretty whitespace-pre-line">{reference.text}</blockquote>
              <figcaption className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
                <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
                <span>
                  {t('boardReferences.confirmed')}{' '}
                  {/* The month stays on one line with its dot on a phone. */}
                  <span className="whitespace-nowrap">· {months[i]}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
